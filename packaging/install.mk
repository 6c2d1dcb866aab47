# Installing and packaging libkalends.so (included by the top-level Makefile).
#
#   make install [PREFIX=/usr/local] [DESTDIR=]   library, headers, pkg-config and CMake files
#   make uninstall [PREFIX=...] [DESTDIR=]         removes exactly what install wrote
#   make check-abi / make abi-baseline            ABI against packaging/abi/libkalends.abi
#   make wheel                                    dist/kalends-*-py3-none-manylinux_2_17_x86_64...whl
#   make sdist                                    dist/kalends-*.tar.gz (pip builds it with SwiftPM)
#   make test-old-glibc                           the wheel on Debian 11's glibc 2.31
#
# Versions come from include/kalends/version.h, the one place they are written.
VERSION_H     := include/kalends/version.h
VERSION_MAJOR := $(shell sed -n 's/^\#define KALENDS_VERSION_MAJOR \([0-9]*\).*/\1/p' $(VERSION_H))
VERSION_MINOR := $(shell sed -n 's/^\#define KALENDS_VERSION_MINOR \([0-9]*\).*/\1/p' $(VERSION_H))
VERSION_PATCH := $(shell sed -n 's/^\#define KALENDS_VERSION_PATCH \([0-9]*\).*/\1/p' $(VERSION_H))
VERSION       := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)
SONAME        := libkalends.so.$(VERSION_MAJOR)

PREFIX     ?= /usr/local
DESTDIR    ?=
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
STRIP      ?= strip
# What install writes under $(DESTDIR): uninstall removes these and nothing else.
INSTALLED_LIBS    := libkalends.so.$(VERSION) $(SONAME) libkalends.so pkgconfig/kalends.pc \
                     cmake/Kalends/KalendsConfig.cmake cmake/Kalends/KalendsConfigVersion.cmake
INSTALLED_HEADERS := kalends.h $(addprefix kalends/,$(notdir $(wildcard include/kalends/*.h))) \
                     $(addprefix kalends/sys/,$(notdir $(wildcard include/kalends/sys/*.h)))

# The in-tree library answers to its soname too, so programs linked with
# -L .build/release -lkalends (which record libkalends.so.MAJOR) find it there.
soname-link:
	@ln -sf libkalends.so $(LIB_DIR)/$(SONAME)

install: lib
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/cmake/Kalends $(DESTDIR)$(INCLUDEDIR)/kalends/sys
	install -m 755 $(LIB) $(DESTDIR)$(LIBDIR)/libkalends.so.$(VERSION)
	$(STRIP) $(DESTDIR)$(LIBDIR)/libkalends.so.$(VERSION)
	ln -sf libkalends.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libkalends.so
	install -m 644 include/kalends.h $(DESTDIR)$(INCLUDEDIR)/kalends.h
	install -m 644 include/kalends/*.h $(DESTDIR)$(INCLUDEDIR)/kalends/
	install -m 644 include/kalends/sys/*.h $(DESTDIR)$(INCLUDEDIR)/kalends/sys/
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
	  packaging/c/kalends.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/kalends.pc
	sed -e 's|@VERSION@|$(VERSION)|g; s|@MAJOR@|$(VERSION_MAJOR)|g; s|@INCLUDEDIR_FROM_LIBDIR@|'"$$(realpath -m --relative-to=$(LIBDIR) $(INCLUDEDIR))"'|g' \
	  packaging/c/KalendsConfig.cmake.in > $(DESTDIR)$(LIBDIR)/cmake/Kalends/KalendsConfig.cmake
	sed -e 's|@VERSION@|$(VERSION)|g; s|@MAJOR@|$(VERSION_MAJOR)|g' \
	  packaging/c/KalendsConfigVersion.cmake.in > $(DESTDIR)$(LIBDIR)/cmake/Kalends/KalendsConfigVersion.cmake
	@echo "installed libkalends.so.$(VERSION) (soname $(SONAME)) into $(DESTDIR)$(LIBDIR)"

uninstall:
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,$(INSTALLED_LIBS)) $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(INSTALLED_HEADERS))
	-rmdir $(DESTDIR)$(INCLUDEDIR)/kalends/sys $(DESTDIR)$(INCLUDEDIR)/kalends $(DESTDIR)$(LIBDIR)/cmake/Kalends 2>/dev/null
	-rmdir $(DESTDIR)$(LIBDIR)/cmake $(DESTDIR)$(LIBDIR)/pkgconfig 2>/dev/null

# The ABI against the committed baseline: additions pass, anything else needs a new major.
check-abi: lib
	$(PYTHON) packaging/abi/abicheck.py --library $(LIB)

# Write the baseline: at a release, and after a major version bump.
abi-baseline:
	$(PYTHON) packaging/abi/abicheck.py --update

# The wheel's library: the same sources built for size (-Osize, in .build-wheel) and linked
# for glibc 2.17 (manylinux2014), with libstdc++ inside (packaging/manylinux/link.py):
# .build/manylinux/libkalends.so.
manylinux-lib: lib
	$(PYTHON) packaging/manylinux/link.py

# make wheel runs link.py itself (after installing ziglang from PyPI when it is missing).
wheel: lib
	PYTHON=$(PYTHON) bash packaging/python/build_wheel.sh

sdist:
	$(PYTHON) packaging/python/build_sdist.py

test-old-glibc: wheel
	bash packaging/tests/old_glibc_test.sh

# The ABI check's own tests; installs into a temporary prefix and builds and runs C
# programs with pkg-config, CMake and the README's in-tree link line; pip install
# ./bindings/python, the wheel and the sdist in fresh venvs; the wheel on glibc 2.31
# (Debian 11's, unpacked with its own loader); the README's SwiftPM consumer; LuaJIT,
# Ruby, Perl and Go's conformance scenario against an installed prefix.
test-dist: check-abi
	$(PYTHON) -m pytest -q packaging/abi/tests packaging/tests
	bash packaging/tests/install_test.sh
	bash packaging/tests/python_install_test.sh
	bash packaging/tests/old_glibc_test.sh
	bash packaging/tests/swift_consumer_test.sh
	bash packaging/tests/runtimes_installed_test.sh

.PHONY: soname-link install uninstall check-abi abi-baseline manylinux-lib wheel sdist test-old-glibc test-dist
