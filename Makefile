# noisefloor - build, install, test.
#
#   make            build ./noisefloor
#   make report     install missing Debian packages, build, render the shipped data into out/
#   make test       install missing Debian packages (build and test tools), build, run every test
#   make install    install binary, templates, data and man page under $(DESTDIR)$(PREFIX)
#   make asan       build ./noisefloor-asan with AddressSanitizer and UBSan
#
# Overridable: CC, CFLAGS, LDFLAGS, PKG_CONFIG, PREFIX, DESTDIR; V=1 shows commands.

VERSION    = 0.1.0
CC        ?= cc
CFLAGS    ?= -O2 -g
LDFLAGS   ?=
PKG_CONFIG ?= pkg-config
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
DATADIR   ?= $(PREFIX)/share/noisefloor
MANDIR    ?= $(PREFIX)/share/man
DESTDIR   ?=

PKGS       = libcjson cairo cairo-ft cairo-svg cairo-png freetype2 xlsxwriter
PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)

# Project flags are kept apart so CFLAGS can be overridden freely.
NF_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra \
             -DNF_VERSION='"$(VERSION)"' -DNF_DATADIR='"$(DATADIR)"' $(PKG_CFLAGS)
NF_LIBS    = $(PKG_LIBS) -lhpdf -ljq -lm

# Debian 12 packages: to build and run, and for the test suite.
BUILD_DEPS = build-essential pkg-config libcjson-dev libcairo2-dev libfreetype-dev \
             libhpdf-dev libxlsxwriter-dev libjq-dev fonts-dejavu-core
TEST_DEPS  = poppler-utils qpdf librsvg2-bin libxml2-utils cmark-gfm unzip jq \
             valgrind clang libreoffice-calc-nogui locales

SRCS   := $(sort $(wildcard src/*.c))
OBJS   := $(SRCS:src/%.c=build/%.o)
HDRS   := $(wildcard src/*.h)

ifeq ($(V),1)
Q =
else
Q = @
endif

all: noisefloor

noisefloor: $(OBJS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(NF_LIBS)

build/%.o: src/%.c $(HDRS) | build
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(NF_CFLAGS) $(CFLAGS) -c -o $@ $<

build:
	$(Q)mkdir -p build

# An instrumented build for the tests and for fuzzing-found inputs.
asan: noisefloor-asan
noisefloor-asan: $(SRCS) $(HDRS)
	$(Q)$(CC) $(NF_CFLAGS) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
		-fno-sanitize-recover=undefined -o $@ $(SRCS) $(NF_LIBS)

deps:
	$(Q)tools/install-deps $(BUILD_DEPS)

test-deps:
	$(Q)tools/install-deps $(BUILD_DEPS) $(TEST_DEPS)

# The main job: the shipped dataset rendered into out/.
report: deps
	$(Q)$(MAKE) --no-print-directory all
	./noisefloor report data/examples/node-versions/rounds.json --out out

test: test-deps
	$(Q)$(MAKE) --no-print-directory all asan
	$(Q)tests/run

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/templates $(DESTDIR)$(DATADIR)/data \
		$(DESTDIR)$(MANDIR)/man1
	install -m 755 noisefloor $(DESTDIR)$(BINDIR)/noisefloor
	install -m 644 templates/*.mustache $(DESTDIR)$(DATADIR)/templates/
	install -m 644 data/*.json $(DESTDIR)$(DATADIR)/data/
	install -d $(DESTDIR)$(DATADIR)/data/adapters
	cp -R data/adapters/. $(DESTDIR)$(DATADIR)/data/adapters/
	install -m 644 doc/noisefloor.1 $(DESTDIR)$(MANDIR)/man1/noisefloor.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/noisefloor $(DESTDIR)$(MANDIR)/man1/noisefloor.1
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build noisefloor noisefloor-asan tests/tmp

.PHONY: all asan deps test-deps report test install uninstall clean
