# Kalends: `make` builds libkalends.so, `make test` runs every test suite, `make demo`
# renders a calendar in the terminal and as SVG, `make bench` runs the benchmarks.
SWIFT   ?= swift
PYTHON  ?= python3
LIB_DIR := .build/release
LIB     := $(LIB_DIR)/libkalends.so
PYENV   := PYTHONPATH=$(CURDIR)/bindings/python KALENDS_LIBRARY=$(CURDIR)/$(LIB)
OUT     := out

all: lib

# Always ask SwiftPM: it knows when sources changed. First the stdlib archive without
# retained functions (packaging/stdlib_archive.py), which Package.swift links when it exists.
lib:
	@$(PYTHON) packaging/stdlib_archive.py
	$(SWIFT) build -c release --product kalends
	@readelf -d $(LIB) | grep -q '(SONAME).*\[$(SONAME)\]' && grep -q 'kalends-stdlib/libswiftCore.a' .build/release.yaml || \
	  { echo "the soname follows version.h and the stdlib archive must be linked: re-reading Package.swift"; \
	  touch Package.swift && $(SWIFT) build -c release --product kalends --manifest-cache none; }
	@$(MAKE) -s soname-link size check-exports check-footprint check-core-os

size:
	@s=$$(mktemp) && strip -o $$s $(LIB) && \
	  echo "libkalends.so: $$(stat -c %s $(LIB)) bytes, $$(stat -c %s $$s) bytes stripped" && rm -f $$s

# Only kalends_* symbols are exported, and only system libraries are needed.
check-exports:
	@bad=$$(nm -D --defined-only $(LIB) | awk '{print $$3}' | grep -v '^kalends_' || true); \
	  if [ -n "$$bad" ]; then echo "non-kalends exports: $$bad"; exit 1; fi
	@bad=$$(ldd $(LIB) | grep -vE 'linux-vdso|libc\.so|libm\.so|libstdc\+\+\.so|libgcc_s\.so|ld-linux' || true); \
	  if [ -n "$$bad" ]; then echo "unexpected dependencies: $$bad"; exit 1; fi
	@echo "exports: $$(nm -D --defined-only $(LIB) | wc -l) kalends_* functions; ldd: system libraries only"

# The heavy parts of the static Swift stdlib stay out (issue 12; `make footprint` shows
# what each archive and module adds): _StringProcessing and _RegexParser come with String
# algorithms such as firstRange(of:), contains(_: String), split(separator: String),
# ranges(of:), replacing(_:with:) and regexes; search the bytes (utf8) instead.
check-footprint:
	@bad=$$(nm $(LIB) | grep -E -c 's17_StringProcessing|s12_RegexParser|_swift_stdlib_names_scalars' || true); \
	  if [ "$$bad" != 0 ]; then echo "libkalends.so links _StringProcessing/_RegexParser or the Unicode name tables ($$bad symbols): see check-footprint in the Makefile"; exit 1; fi
	@grep -q 'kalends-stdlib/libswiftCore.a' .build/release.yaml || { echo "libkalends.so is not linked with .build/kalends-stdlib/libswiftCore.a (see Package.swift): 1 MB more"; exit 1; }

# KalendsCore calls no clock, getenv or pthread function: KalendsSystem gives it today's
# date, the environment and locks (Sources/KalendsCore/Support/Platform.swift). Checked
# on the objects of the core's current sources (math from libm is fine).
check-core-os:
	@objs=$$(find Sources/KalendsCore -name '*.swift' -printf '$(LIB_DIR)/KalendsCore.build/%f.o\n'); \
	  bad=$$(nm -u $$objs | grep -E ' U (getenv|secure_getenv|clock_gettime|gettimeofday|time|localtime|localtime_r|tzset|pthread_[a-z_]+)$$' | sort -u || true); \
	  if [ -n "$$bad" ]; then echo "KalendsCore calls the operating system (it gets the clock, the environment and locks from KalendsSystem):"; echo "$$bad"; exit 1; fi
	@echo "KalendsCore: no clock, environment or pthread calls"

test: check-generated lib test-plugins test-c test-python test-swift test-systems test-dist test-runtimes test-fuzz test-bench-warnings

# Everything mechanical about the ABI is generated from the headers (tools/abigen):
# `make generate` rewrites it, `make check-generated` fails when a file is stale.
generate:
	$(PYTHON) tools/abigen

check-generated:
	$(PYTHON) tools/abigen --check

# The holiday plugins (C and Rust) and the broken plugins the tests load.
plugins:
	$(MAKE) -C plugins

test-plugins: plugins
	$(MAKE) -C plugins test

test-swift: lib
	KALENDS_LIBRARY=$(CURDIR)/$(LIB) $(SWIFT) test

# Every day of -9999...9999 through every calendar system, release-built.
test-systems:
	$(SWIFT) build -c release --product kalends-systems-sweep
	.build/release/kalends-systems-sweep

test-c: lib plugins
	$(MAKE) -C bindings/c test

# The conformance scenario from Rust, Go, LuaJIT, Ruby, Java, Perl and Node, each when its
# toolchain is here (bindings/conformance/SCENARIO.md; a skipped runtime prints a line; in
# CI, CI=true, a missing toolchain is a failure).
test-runtimes: lib
	$(MAKE) -C bindings/conformance test KALENDS_LIB_DIR=$(CURDIR)/$(LIB_DIR) KALENDS_LIBRARY=$(CURDIR)/$(LIB)

test-python: lib plugins typecheck
	$(PYENV) $(PYTHON) -m pytest -q bindings/python/tests tools/abigen/tests tools/tests bindings/conformance/tests

# The package and typical user code pass mypy --strict (the package ships py.typed).
typecheck:
	cd bindings/python && $(PYTHON) -m mypy --strict --cache-dir=/dev/null kalends tests/package/typing_user_code.py

demo: lib
	@mkdir -p $(OUT)
	$(PYENV) $(PYTHON) -m kalends $$(date +%Y) $$(date +%-m) --week-numbers --svg $(OUT)/kalends-demo.svg
	@echo "wrote $(OUT)/kalends-demo.svg"

bench: lib
	$(MAKE) -C bench

# The C benches compile with -Werror (no library needed: compiled, not linked).
test-bench-warnings:
	$(MAKE) -s -C bench warnings

bench-runtimes: lib
	$(MAKE) -C bench runtimes

clean:
	rm -rf .build $(OUT)
	$(MAKE) -C bindings/c clean
	$(MAKE) -C bench clean
	$(MAKE) -C plugins clean
	rm -rf bindings/node/build

# libFuzzer harnesses (fuzz/README.md): the library built instrumented in .build-fuzz;
# `make fuzz` runs each for FUZZ_SECONDS, `make test` each for FUZZ_TEST_SECONDS.
# `make test-asan` / `make test-tsan`: the C tests and an 8-thread stress test under
# AddressSanitizer / ThreadSanitizer.
FUZZ_SECONDS      ?= 60
FUZZ_TEST_SECONDS ?= 10
fuzz: plugins
	$(MAKE) -C fuzz run FUZZ_SECONDS=$(FUZZ_SECONDS)

test-fuzz:
	$(MAKE) -C fuzz smoke FUZZ_TEST_SECONDS=$(FUZZ_TEST_SECONDS)

test-asan test-tsan: plugins
	$(MAKE) -C fuzz $@

.PHONY: fuzz test-fuzz test-asan test-tsan
.PHONY: all lib size check-exports check-footprint check-core-os generate check-generated plugins test test-plugins test-swift test-systems test-c test-python test-runtimes typecheck demo bench bench-runtimes test-bench-warnings clean

# What each archive and module adds to the library (packaging/footprint.py).
footprint: lib
	$(PYTHON) packaging/footprint.py

include packaging/install.mk

# issue 29: pictures of the Tk hosts for the README (docs/*.png), taken in Xvfb
screenshots: lib
	$(PYENV) xvfb-run -a -s "-screen 0 1280x900x24" $(PYTHON) tools/screenshots_tk.py
.PHONY: screenshots
