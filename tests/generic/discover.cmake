# Run by ctest (TEST_INCLUDE_FILES, as gtest_discover_tests does): asks
# test_generic which runs the games declare (`--list`, "<game> <config>" a
# line) and adds one test for each, generic_<game>_<config>, selecting it
# through TT_GENERIC_ONLY and TT_GENERIC_CONFIG. GENERIC_EXE is set by the
# file tests/CMakeLists.txt generates around this one.
execute_process(COMMAND "${GENERIC_EXE}" --list OUTPUT_VARIABLE runs RESULT_VARIABLE rc
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  # not built, or it cannot list: one test that fails and says so
  add_test(generic_list "${GENERIC_EXE}" --list)
  return()
endif()
string(REPLACE "\n" ";" runs "${runs}")
# A game's first configuration plays the most games: ctest starts those first
# (COST), so that no long test is left running alone at the end.
set(last_game "")
foreach(line ${runs})
  if(line STREQUAL "")
    continue()
  endif()
  string(REPLACE " " ";" parts "${line}")
  list(GET parts 0 game)
  list(GET parts 1 config)
  add_test(generic_${game}_${config} "${GENERIC_EXE}")
  set_tests_properties(generic_${game}_${config} PROPERTIES TIMEOUT 900 ENVIRONMENT
                       "TT_GENERIC_ONLY=${game};TT_GENERIC_CONFIG=${config}")
  if(NOT game STREQUAL last_game)
    set_tests_properties(generic_${game}_${config} PROPERTIES COST 100)
  endif()
  set(last_game ${game})
endforeach()
