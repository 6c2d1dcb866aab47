/* Linked into the wheel's library only (packaging/manylinux/link.py), never into make's.

   GCC 11 and later's libstdc++ reads glibc's `__libc_single_threaded` (added in glibc 2.32)
   to skip atomic reference counts and guard locks while a process has one thread. glibc
   2.17 does not have it, so the wheel's library defines it for the static libstdc++.a it
   carries: hidden (it is not exported, and the process's glibc keeps its own), and 0,
   which means "not known to be single-threaded": libstdc++ then always takes the atomic
   path, which is correct whatever threads the host runs. */
__attribute__((visibility("hidden"))) char __libc_single_threaded = 0;
