/* Linked into the wheel's library only (packaging/manylinux/link.py), never into make's,
   before GCC's libstdc++.a, so the archive's own definitions of these two are not pulled in.

   make's library calls the system's libstdc++.so.6; the wheel's carries the few pieces of
   libstdc++.a the Swift runtime uses. Two of them bring libstdc++'s C++ name demangler
   (cp-demangle.o: 49 KB, 18 KB of the deflated wheel), and neither runs unless the
   process is already dying:
   - the Swift runtime's crash backtraces (Errors.cpp, Backtrace.cpp) call __cxa_demangle
     to print C++ frames' names. Here it answers "not a mangled name" (status -2, the
     documented answer for that case), and those frames keep their mangled names.
   - std::terminate's default handler (__gnu_cxx::__verbose_terminate_handler) demangles
     the type of the uncaught exception for its message. Here it writes a message without
     the type and aborts, as that handler does. Nothing in the library throws a C++
     exception; operator new's std::bad_alloc would end here.
   Both are hidden: nothing is exported, and a host's own libstdc++ keeps its own. */
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN char *__cxa_demangle(const char *mangled, char *buffer, size_t *length, int *status) {
    (void)mangled;
    (void)buffer;
    (void)length;
    if (status != NULL) {
        *status = -2;
    }
    return NULL;
}

HIDDEN void kalends_verbose_terminate_handler(void) __asm__("_ZN9__gnu_cxx27__verbose_terminate_handlerEv");

HIDDEN void kalends_verbose_terminate_handler(void) {
    static const char message[] = "libkalends: terminate called (an uncaught C++ exception)\n";
    ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
    (void)written;
    abort();
}
