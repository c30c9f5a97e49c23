# Replays one golden transcript through `tabletop protocol` and diffs it.
# The transcript runs in WORKDIR, so `save`/`load` of relative files stay there.
execute_process(COMMAND ${BIN} protocol INPUT_FILE ${IN} OUTPUT_VARIABLE out
                ERROR_VARIABLE err RESULT_VARIABLE rc WORKING_DIRECTORY ${WORKDIR})
file(READ ${EXPECTED} expected)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tabletop protocol exited ${rc}: ${err}")
endif()
if(NOT out STREQUAL expected)
  file(WRITE ${WORKDIR}/golden.actual "${out}")
  execute_process(COMMAND diff -u ${EXPECTED} ${WORKDIR}/golden.actual)
  message(FATAL_ERROR "transcript differs from ${EXPECTED}")
endif()
