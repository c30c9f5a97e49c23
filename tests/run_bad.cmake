# Validates one bad content file; the exit status must be 1 and the output
# (paths shown relative to the source tree) exactly the expected text.
execute_process(COMMAND ${BIN} deck validate ${GAME} ${FILE} OUTPUT_VARIABLE out
                ERROR_VARIABLE err RESULT_VARIABLE rc WORKING_DIRECTORY ${SRC})
string(REPLACE "${SRC}/" "" out "${out}${err}")
file(READ ${EXPECTED} expected)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected exit status 1, got ${rc}: ${out}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "output differs.\n--- expected\n${expected}--- actual\n${out}")
endif()
