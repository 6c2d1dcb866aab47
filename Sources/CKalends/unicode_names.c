/* Bound to the Swift runtime's _swift_stdlib_getScalarName by the linker (Package.swift,
   --defsym) in libkalends.so: Kalends never asks for a Unicode scalar's name
   (Unicode.Scalar.Properties.name), and without a caller of the runtime's lookup the
   linker drops its 540 KB of name tables. Same contract as the runtime's function: writes
   at most `capacity` bytes of the name of `scalar` and returns how many; 0 means no name. */
#include <stdint.h>

intptr_t kalends_internal_no_scalar_name(uint32_t scalar, uint8_t *buffer, intptr_t capacity);

intptr_t kalends_internal_no_scalar_name(uint32_t scalar, uint8_t *buffer, intptr_t capacity) {
    (void)scalar;
    (void)buffer;
    (void)capacity;
    return 0;
}
