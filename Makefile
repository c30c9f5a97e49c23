# The two commands a newcomer types: `make run` and `make test`.
# Both install what the build needs (scripts/install-deps.sh), then build with CMake.

BUILD    ?= build
SANBUILD ?= build-san
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
SEED     ?= 7

.PHONY: all deps build tabletop run test test-fast test-san format format-check bench clean \
        fuzz fuzz-build fuzz-smoke

all: build

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# The command alone, for `make run`: its build's progress in one line (the
# compiler's output goes to $(BUILD)/build.log, shown when the build fails).
tabletop: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@printf 'building tabletop ... '; \
	if cmake --build $(BUILD) --target tabletop -j $(JOBS) >$(BUILD)/build.log 2>&1; \
	then echo done; else echo failed; tail -n 40 $(BUILD)/build.log; exit 1; fi

# One seeded AI-vs-AI game of Invaders, narrated, then how to play one yourself.
run: tabletop
	@$(BUILD)/tabletop play invaders --players random,random --seed $(SEED)
	@echo
	@echo "Play a game yourself:"
	@echo "  $(BUILD)/tabletop play invaders                         # you are the Invader, against the ISMCTS AI"
	@echo "  $(BUILD)/tabletop play invaders --players random,human  # you are Mankind"
	@echo "  $(BUILD)/tabletop play invaders --players human,human   # hot-seat"
	@echo "  $(BUILD)/tabletop sim invaders --games 10000            # AI-vs-AI statistics"
	@echo "  $(BUILD)/tabletop play tannhauser --mode story          # Tannhauser on its map of coloured paths"
	@echo "  $(BUILD)/tabletop play braunau                          # Braunau, three factions, hidden agents"
	@echo "  $(BUILD)/tabletop sim braunau --deck germans=standardized --deck austrians=random --vs germans=random"
	@echo "  $(BUILD)/tabletop --help                                # everything else"

# Every test, in the release build and again under AddressSanitizer + UndefinedBehaviorSanitizer,
# after checking that the C sources follow .clang-format; then a short run of every fuzzer.
test: format-check test-fast test-san fuzz-smoke

# The C sources as .clang-format lays them out: `make format` rewrites them,
# `make format-check` lists the files that differ and fails.
FORMAT_FILES = $(shell git ls-files '*.c' '*.h' 2>/dev/null)

format: deps
	@clang-format -i $(FORMAT_FILES)

format-check: deps
	@bad=$$(clang-format --dry-run $(FORMAT_FILES) 2>&1 | \
	  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u); \
	if [ -n "$$bad" ]; then echo "not formatted (make format fixes it):"; echo "$$bad"; exit 1; fi

test-fast: build
	@ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-san: deps
	@cmake -S . -B $(SANBUILD) -DCMAKE_BUILD_TYPE=Debug -DTT_SANITIZE=ON >/dev/null
	@cmake --build $(SANBUILD) -j $(JOBS)
	@ctest --test-dir $(SANBUILD) --output-on-failure -j $(JOBS)

# The libFuzzer harnesses of tests/fuzz/ (docs/testing.md), built with clang, ASan and UBSan.
# `make fuzz` runs each for FUZZ_SECONDS, growing its corpus in $(FUZZ_BUILD)/corpus/;
# `make fuzz-smoke` (part of `make test`) runs them side by side for a few seconds from the
# checked-in seeds, so a crash in the corpus or a broken harness fails. Each harness's own flags
# (its -max_len, suited to its inputs) are in tests/fuzz/<name>.options.
FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 60
SMOKE_SECONDS ?= 7
FUZZ_FLAGS   ?= -timeout=10 -rss_limit_mb=2048
# FUZZ_ASAN=OFF: UBSan only, several times faster (give it another FUZZ_BUILD)
FUZZ_ASAN    ?= ON
FUZZERS = $(patsubst tests/fuzz/fuzz_%.c,%,$(filter-out tests/fuzz/fuzz_common.c,$(wildcard tests/fuzz/fuzz_*.c)))

fuzz-build: deps
	@cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DTT_FUZZ=ON \
	  -DTT_FUZZ_ASAN=$(FUZZ_ASAN) >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS)

fuzz: fuzz-build
	@for h in $(FUZZERS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$h && echo "== fuzz_$$h for $(FUZZ_SECONDS) s" && \
	  $(FUZZ_BUILD)/tests/fuzz/fuzz_$$h $(FUZZ_FLAGS) $$(cat tests/fuzz/$$h.options) \
	    -dict=tests/fuzz/$$h.dict -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_BUILD)/ $(FUZZ_BUILD)/corpus/$$h tests/fuzz/corpus/$$h || exit 1; \
	done

fuzz-smoke: fuzz-build
	@for h in $(FUZZERS); do \
	  rm -rf $(FUZZ_BUILD)/smoke/$$h && mkdir -p $(FUZZ_BUILD)/smoke/$$h && \
	  { $(FUZZ_BUILD)/tests/fuzz/fuzz_$$h $(FUZZ_FLAGS) $$(cat tests/fuzz/$$h.options) \
	    -dict=tests/fuzz/$$h.dict -seed=1 \
	    -max_total_time=$(SMOKE_SECONDS) -artifact_prefix=$(FUZZ_BUILD)/smoke/$$h- \
	    $(FUZZ_BUILD)/smoke/$$h tests/fuzz/corpus/$$h >$(FUZZ_BUILD)/smoke/$$h.log 2>&1 & }; \
	done; wait; fail=0; \
	for h in $(FUZZERS); do \
	  if grep -q '^Done [0-9]* runs' $(FUZZ_BUILD)/smoke/$$h.log; \
	  then grep -h '^Done [0-9]* runs' $(FUZZ_BUILD)/smoke/$$h.log | sed "s/^/fuzz_$$h: /"; \
	  else tail -40 $(FUZZ_BUILD)/smoke/$$h.log; fail=1; fi; \
	done; exit $$fail

bench: build
	@$(BUILD)/tabletop bench invaders

clean:
	rm -rf $(BUILD) $(SANBUILD) $(FUZZ_BUILD)
