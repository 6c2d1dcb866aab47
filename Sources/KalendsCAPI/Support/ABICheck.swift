// Compile-time proof, file by file, that each @_cdecl export has exactly the C function
// type KalendsABI spells for it (KalendsABICheck proves the same of include/kalends.h).
// The proof must sit in the export's own file: converting a @_cdecl function to a C
// function pointer in another file makes Swift 6.3 emit its C symbol a second time.
@inline(__always)
func exported<T>(_ function: T) {}
