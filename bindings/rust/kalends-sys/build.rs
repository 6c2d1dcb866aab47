// Links libkalends.so: from KALENDS_LIB_DIR when set (the in-tree build, a prefix's
// lib/), else wherever the linker looks by default (an installed library).
use std::env;

fn main() {
    println!("cargo:rerun-if-env-changed=KALENDS_LIB_DIR");
    if let Ok(dir) = env::var("KALENDS_LIB_DIR") {
        if !dir.is_empty() {
            println!("cargo:rustc-link-search=native={}", dir);
        }
    }
    println!("cargo:rustc-link-lib=dylib=kalends");
}
