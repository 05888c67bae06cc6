# noisefloor - build, install, test.
#
#   make            build ./noisefloor and noisefloor-formats.so beside it
#   make report     install missing Debian packages, build, render the shipped data into out/
#   make test       install missing Debian packages (build and test tools), build, run every test
#   make check      the fast loop: parallel build, then the behaviour suites side by
#                   side (no ASan, valgrind or fuzzing; the plain binary stands in
#                   for noisefloor-asan)
#   make install    install binary, templates, data and man page under $(DESTDIR)$(PREFIX)
#   make asan       build ./noisefloor-asan with AddressSanitizer and UBSan
#   make leakcheck  valgrind over a report with every output format, and error paths
#   make fuzz       build the libFuzzer targets (fuzz/) and run each for FUZZ_TIME seconds
#
# Overridable: CC, CFLAGS, LDFLAGS, PKG_CONFIG, PREFIX, DESTDIR; V=1 shows commands.

VERSION    = 0.1.0
CC        ?= cc
CFLAGS    ?= -O3 -g
LDFLAGS   ?=
PKG_CONFIG ?= pkg-config
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
LIBDIR    ?= $(PREFIX)/lib
DATADIR   ?= $(PREFIX)/share/noisefloor
MANDIR    ?= $(PREFIX)/share/man
DESTDIR   ?=

# The program links libc, libm and cJSON dynamically, and nettle (the
# inputs' SHA-256) statically: as a shared library it added a tenth to
# `check`'s start-up; its symbols are not exported. The outputs and the input
# mapping that need the large libraries (FORMATS_SRCS) form
# noisefloor-formats.so, which it loads when one of them is used
# (src/render/formats_lib.h). The sanitizer build and the fuzz targets link
# everything into one executable (-DNF_FORMATS_BUILTIN).
CORE_PKGS    = libcjson
FORMATS_PKGS = cairo cairo-ft freetype2 libpng xlsxwriter
PKGS         = $(CORE_PKGS) $(FORMATS_PKGS) nettle
PKG_CFLAGS  := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
NETTLE_LIBS := $(shell $(PKG_CONFIG) --libs nettle 2>/dev/null)
CORE_LIBS   := $(shell $(PKG_CONFIG) --libs $(CORE_PKGS) 2>/dev/null) \
               -Wl,--exclude-libs,libnettle.a -Wl,-Bstatic $(NETTLE_LIBS) -Wl,-Bdynamic -lm
# libharu (report.pdf) ships no pkg-config file.
FORMATS_LIBS := $(shell $(PKG_CONFIG) --libs $(CORE_PKGS) $(FORMATS_PKGS) 2>/dev/null) -lhpdf -ljq -lm
FORMATS_LIB  = noisefloor-formats.so

# Project flags are kept apart so CFLAGS can be overridden freely.
NF_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra \
             -DNF_VERSION='"$(VERSION)"' -DNF_DATADIR='"$(DATADIR)"' \
             -DNF_LIBDIR='"$(LIBDIR)/noisefloor"' -Isrc $(PKG_CFLAGS)
NF_LIBS    = $(FORMATS_LIBS) $(NETTLE_LIBS)

# Debian 12 packages: to build and run, and for the test suite.
BUILD_DEPS = build-essential pkg-config libcjson-dev libcairo2-dev libfreetype-dev \
             libxlsxwriter-dev libhpdf-dev libjq-dev libpng-dev nettle-dev fonts-dejavu-core
TEST_DEPS  = poppler-utils qpdf librsvg2-bin libxml2-utils cmark-gfm unzip jq \
             valgrind clang libreoffice-calc-nogui locales libclang-rt-14-dev \
             python3-yaml procps zip chromium

SRCS   := $(sort $(wildcard src/*/*.c src/*/*/*.c))
OBJS   := $(SRCS:src/%.c=build/%.o)
# The files of noisefloor-formats.so: those that call cairo, FreeType, libpng,
# libharu, libxlsxwriter or libjq, and those only they use. A new
# output that needs one of them is listed here and marked LOADED in render.c.
FORMATS_SRCS := $(wildcard src/render/chart/*.c) \
                $(addprefix src/,render/formats_lib_id.c ingest/ingest_jq.c render/pdf_doc.c render/pdf_haru_fixes.c \
                render/render_charts.c render/render_html.c render/render_pdf.c render/render_xlsx.c)
FORMATS_OBJS := $(FORMATS_SRCS:src/%.c=build/%.o)
CORE_OBJS    := $(filter-out $(FORMATS_OBJS),$(OBJS))
HDRS   := $(wildcard src/*/*.h src/*/*/*.h)
# Each object also depends on the headers it includes (-MMD writes a .d file
# beside it); an object built before it had one depends on every header.
DEPFLAGS = -MMD -MP
.SECONDEXPANSION:
hdrs_unless_deps = $(if $(wildcard $(1:.o=.d)),,$(HDRS))

ifeq ($(V),1)
Q =
else
Q = @
endif

all: noisefloor $(FORMATS_LIB)

# -rdynamic: the shared object calls the program's functions (model, fmt,
# output, ...), so the program exports them.
noisefloor: $(CORE_OBJS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -rdynamic -o $@ $(CORE_OBJS) $(CORE_LIBS)

$(FORMATS_LIB): $(FORMATS_OBJS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -shared -o $@ $(FORMATS_OBJS) $(FORMATS_LIBS)

$(FORMATS_OBJS): PIC = -fPIC
build/%.o: src/%.c $$(call hdrs_unless_deps,$$@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(NF_CFLAGS) $(CFLAGS) $(PIC) $(DEPFLAGS) -c -o $@ $<

# An instrumented build for the tests and for fuzzing-found inputs, from its
# own objects so that an edit recompiles only the files it touches.
ASAN_CFLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
              -fno-sanitize-recover=undefined
ASAN_OBJS  := $(SRCS:src/%.c=build/asan/%.o)

asan: noisefloor-asan
noisefloor-asan: $(ASAN_OBJS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ASAN_CFLAGS) -o $@ $(ASAN_OBJS) $(NF_LIBS)

build/asan/%.o: src/%.c $$(call hdrs_unless_deps,$$@)
	@$(if $(Q),echo "  ASANCC  $<")
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(NF_CFLAGS) -DNF_FORMATS_BUILTIN $(ASAN_CFLAGS) $(DEPFLAGS) -c -o $@ $<

# valgrind over a full report (every output format) and a few error paths.
leakcheck: all
	$(Q)tests/run leakcheck

# libFuzzer targets, one per input path (fuzz/README.md): built with clang,
# ASan and UBSan from the same sources as noisefloor (without main.c).
FUZZ_CC      ?= clang
FUZZ_TIME    ?= 60
FUZZ_FORMATS  = rounds hyperfine gbench mitata tinybench benchmarkjs autocannon comparejs pyperf
FUZZ_TARGETS  = any render ndjson ndjson_diff doc_diff jq mustache schedule $(FUZZ_FORMATS)
FUZZ_CFLAGS   = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                -fno-sanitize-recover=undefined
FUZZ_OBJS    := $(filter-out fuzz/build/obj/cmd/main.o,$(SRCS:src/%.c=fuzz/build/obj/%.o)) \
                fuzz/build/obj/fuzz.o
FUZZ_BINS    := $(FUZZ_TARGETS:%=fuzz/build/fuzz-%)
FUZZ_LIBS     = $(NF_LIBS)

fuzz-build: $(FUZZ_BINS)

fuzz/build/obj/%.o: src/%.c $$(call hdrs_unless_deps,$$@)
	@$(if $(Q),echo "  FUZZCC  $<")
	$(Q)mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(NF_CFLAGS) -DNF_FORMATS_BUILTIN $(FUZZ_CFLAGS) $(DEPFLAGS) \
		-fsanitize=fuzzer-no-link -c -o $@ $<

fuzz/build/obj/fuzz.o: fuzz/fuzz.c fuzz/fuzz.h $(HDRS)
	$(Q)mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(NF_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_FORMATS:%=fuzz/build/fuzz-%): fuzz/build/fuzz-%: fuzz/fuzz_format.c fuzz/fuzz.h $(FUZZ_OBJS)
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZ_CC) $(NF_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Isrc \
		-DNF_FUZZ_FORMAT=ingest_format_$* -o $@ $< $(FUZZ_OBJS) $(FUZZ_LIBS)

fuzz/build/fuzz-%: fuzz/fuzz_%.c fuzz/fuzz.h $(FUZZ_OBJS)
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZ_CC) $(NF_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Isrc -o $@ $< $(FUZZ_OBJS) \
		$(FUZZ_LIBS)

# New inputs go to fuzz/build/corpus/NAME, crashes to fuzz/build/crashes/NAME.
fuzz: fuzz-build
	$(Q)failed=""; for t in $(FUZZ_TARGETS); do \
		mkdir -p fuzz/build/corpus/$$t fuzz/build/crashes/$$t fuzz/corpus/$$t; \
		echo "  FUZZ    $$t ($(FUZZ_TIME) s)"; \
		if fuzz/build/fuzz-$$t -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=4096 \
			-artifact_prefix=fuzz/build/crashes/$$t/ fuzz/build/corpus/$$t fuzz/corpus/$$t \
			$$(test -d fuzz/regressions/$$t && echo fuzz/regressions/$$t) \
			> fuzz/build/$$t.log 2>&1; then \
			grep '^Done' fuzz/build/$$t.log | sed 's/^/          /'; \
		else \
			grep -m1 'runtime error\|ERROR' fuzz/build/$$t.log | sed 's/^/          /'; \
			grep -m1 'SUMMARY' fuzz/build/$$t.log | sed 's/^/          /'; \
			grep -m1 'Test unit written' fuzz/build/$$t.log | sed 's/^/          /'; \
			failed="$$failed $$t"; \
		fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed (inputs in fuzz/build/crashes/)"; exit 1; fi

# Adds the new inputs that reach new code to fuzz/corpus/NAME, cut to
# FUZZ_MERGE_LEN bytes so the committed corpus stays small.
FUZZ_MERGE_LEN ?= 256
fuzz-merge: fuzz-build
	$(Q)for t in $(FUZZ_TARGETS); do \
		mkdir -p fuzz/corpus/$$t fuzz/build/corpus/$$t; \
		fuzz/build/fuzz-$$t -merge=1 -max_len=$(FUZZ_MERGE_LEN) fuzz/corpus/$$t \
			fuzz/build/corpus/$$t > fuzz/build/$$t-merge.log 2>&1 || \
			{ tail -n 30 fuzz/build/$$t-merge.log; exit 1; }; \
		echo "  MERGE   $$t: $$(ls fuzz/corpus/$$t | wc -l) inputs"; \
	done

deps:
	$(Q)tools/install-deps $(BUILD_DEPS)

test-deps:
	$(Q)tools/install-deps $(BUILD_DEPS) $(TEST_DEPS)

# The main job: the shipped dataset rendered into out/.
report: deps
	$(Q)$(MAKE) --no-print-directory all
	./noisefloor report data/examples/node-versions/rounds.json --out out

test: test-deps
	$(Q)$(MAKE) --no-print-directory all asan fuzz-build
	$(Q)tests/run

# The fast loop while developing: the behaviour suites only (every tests/t-*.sh
# but asan, leakcheck, fuzz and the scale suite t-sizes), against the plain
# binary, as many at once as there are processors; NF_QUICK lets a suite
# sample its longest loops (the commit's kill points, the generated numbers,
# the k-th selection's pairs) where make test tries every case.
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
check:
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) all
	$(Q)NF_ASAN="$(CURDIR)/noisefloor" NF_SKIP="asan leakcheck fuzz sizes" NF_QUICK=1 NF_JOBS=$(CHECK_JOBS) tests/run

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/templates $(DESTDIR)$(DATADIR)/data \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(LIBDIR)/noisefloor
	install -m 755 noisefloor $(DESTDIR)$(BINDIR)/noisefloor
	install -m 644 $(FORMATS_LIB) $(DESTDIR)$(LIBDIR)/noisefloor/$(FORMATS_LIB)
	install -m 644 templates/*.mustache $(DESTDIR)$(DATADIR)/templates/
	install -m 644 data/*.json $(DESTDIR)$(DATADIR)/data/
	install -d $(DESTDIR)$(DATADIR)/data/adapters
	cp -R data/adapters/. $(DESTDIR)$(DATADIR)/data/adapters/
	install -m 644 doc/noisefloor.1 $(DESTDIR)$(MANDIR)/man1/noisefloor.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/noisefloor $(DESTDIR)$(MANDIR)/man1/noisefloor.1
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(LIBDIR)/noisefloor

# The simulation with known truth (bench/sim.sh prints its table, tests/t-sim.sh
# holds its thresholds): the analysis' objects without main.c (it uses none
# of the outputs, so the program's objects are all it links).
sim: build/sim
build/sim: bench/sim.c $(filter-out build/cmd/main.o,$(CORE_OBJS)) $(HDRS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(NF_CFLAGS) $(CFLAGS) -Isrc -o $@ bench/sim.c \
		$(filter-out build/cmd/main.o,$(CORE_OBJS)) $(CORE_LIBS)

clean:
	rm -rf build noisefloor noisefloor-asan $(FORMATS_LIB) tests/tmp fuzz/build

.PHONY: all sim asan leakcheck fuzz fuzz-build fuzz-merge deps test-deps report test check \
	install uninstall clean

-include $(OBJS:.o=.d) $(ASAN_OBJS:.o=.d) $(FUZZ_OBJS:.o=.d)
