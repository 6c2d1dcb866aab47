/*
 * kalends/version.h -- versions of the header and of the loaded library.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_VERSION_H
#define KALENDS_VERSION_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KALENDS_VERSION_MAJOR 0
#define KALENDS_VERSION_MINOR 1
#define KALENDS_VERSION_PATCH 0
/* (MAJOR << 16) | (MINOR << 8) | PATCH, as kalends_version() returns it. */
#define KALENDS_VERSION_NUMBER 0x000100
/* Bumped on any incompatible change of a function, struct or constant below. */
#define KALENDS_ABI_VERSION 1

/* Version of the loaded library: (major << 16) | (minor << 8) | patch. */
uint32_t kalends_version(void);

/* Version of the loaded library as "MAJOR.MINOR.PATCH". Static string; never NULL. */
const char *kalends_version_string(void);

/* KALENDS_ABI_VERSION of the loaded library. A host compiled against this header
   should refuse to run if it differs. */
int32_t kalends_abi_version(void);

/* The layout of one of the structs these headers declare, as the loaded library was
   built with it: with `field_name` NULL: the struct's size; else the offset and size of
   that field (by the names the header uses: "kalends_event", "title"). For bindings
   that declare the structs themselves (ctypes, LuaJIT's ffi.cdef, Go, JNA, Rust) to
   check their declarations against the library, in a test or once at load. *offset
   (may be NULL) receives 0 for a struct. Static table; thread: any.
   Errors: INVALID_ARGUMENT (struct_name or size NULL), NOT_FOUND (no such struct, or
   no such field in it). */
kalends_status kalends_abi_struct_layout(const char *struct_name, const char *field_name, size_t *size,
                                         size_t *offset);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_VERSION_H */
