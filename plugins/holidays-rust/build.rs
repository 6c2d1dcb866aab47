// Links the plugin with -z nodelete, as the C plugin is: a worker thread started by
// begin() may still be running (only freeing memory) after destroy() returns, so the
// library must stay mapped even if the host dlclose()s it.
fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-z,nodelete");
    println!("cargo:rerun-if-changed=build.rs");
}
