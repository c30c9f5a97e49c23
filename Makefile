# The two commands a newcomer types: `make run` and `make test`.
# Both install what the build needs (scripts/install-deps.sh), then build with CMake.

BUILD    ?= build
SANBUILD ?= build-san
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
SEED     ?= 7

.PHONY: all deps build tabletop run test test-fast test-san format format-check bench clean

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
# after checking that the C sources follow .clang-format.
test: format-check test-fast test-san

# The C sources as .clang-format lays them out: `make format` rewrites them,
# `make format-check` lists the files that differ and fails.
FORMAT_FILES = $(shell git ls-files '*.c' '*.h' 2>/dev/null)

format: deps
	@clang-format -i $(FORMAT_FILES)

format-check: deps
	@bad=$$(for f in $(FORMAT_FILES); do clang-format "$$f" | cmp -s - "$$f" || echo "$$f"; done); \
	if [ -n "$$bad" ]; then echo "not formatted (make format fixes it):"; echo "$$bad"; exit 1; fi

test-fast: build
	@ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-san: deps
	@cmake -S . -B $(SANBUILD) -DCMAKE_BUILD_TYPE=Debug -DTT_SANITIZE=ON >/dev/null
	@cmake --build $(SANBUILD) -j $(JOBS)
	@ctest --test-dir $(SANBUILD) --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD)/tabletop bench invaders

clean:
	rm -rf $(BUILD) $(SANBUILD)
