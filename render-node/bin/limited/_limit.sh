#!/bin/sh
# Runs the poppler tool named like this script under the node's resource limits, so a
# pathological PDF (a decompression bomb, a parser loop) cannot take the machine down.
# `exec` keeps the PID, so cancelling the call kills poppler itself, not a wrapper.
tool=$(basename "$0")
exec prlimit --as="${RENDER_MEMORY_LIMIT_BYTES:-1610612736}" --cpu="${RENDER_CPU_LIMIT_S:-600}" -- "${POPPLER_BIN_DIR:-/usr/bin}/$tool" "$@"
