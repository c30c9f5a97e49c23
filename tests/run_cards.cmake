# Writes the catalogue of GAME with `tabletop cards` and compares it byte for
# byte with the committed EXPECTED (docs/cards/<game>.md); a stale catalogue
# fails, and scripts/regen-cards.sh writes it anew.
execute_process(COMMAND ${BIN} cards ${GAME} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tabletop cards ${GAME} exited ${rc}: ${err}")
endif()
file(READ ${EXPECTED} expected)
if(NOT out STREQUAL expected)
  file(WRITE ${WORKDIR}/cards_${GAME}.actual "${out}")
  execute_process(COMMAND diff -u ${EXPECTED} ${WORKDIR}/cards_${GAME}.actual)
  message(FATAL_ERROR "${EXPECTED} is stale: run scripts/regen-cards.sh and review the diff")
endif()
