#!/bin/sh
# Check the kiosk on a real X11 display, with and without a window manager.
#
# Needs Debian's xvfb, xdotool, x11-utils and openbox:
#     sudo apt-get install xvfb xdotool x11-utils openbox
# Run from the repository, with the project installed in .venv:
#     sh scripts/check_kiosk_x11.sh
# Exit status 0 when every check passed.
set -u
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
SCREEN_SIZE=${SCREEN_SIZE:-1280x800}
for tool in Xvfb xdotool xwininfo xprop openbox; do
    command -v "$tool" >/dev/null || { echo "missing: $tool (see the comment at the top)"; exit 2; }
done

work=$(mktemp -d)
failed=0
cleanup() {
    [ -n "${wm_pid:-}" ] && kill "$wm_pid" 2>/dev/null
    [ -n "${x_pid:-}" ] && kill "$x_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

start_display() {  # sets DISPLAY; Xvfb picks a free number (two checks never share one)
    rm -f "$work/display"
    Xvfb -displayfd 3 -screen 0 "${SCREEN_SIZE}x24" -nolisten tcp \
        3>"$work/display" >"$work/xvfb.log" 2>&1 &
    x_pid=$!
    for _ in $(seq 50); do
        number=$(head -n 1 "$work/display" 2>/dev/null)
        if [ -n "$number" ] && DISPLAY=":$number" xdpyinfo >/dev/null 2>&1; then
            export DISPLAY=":$number"
            return 0
        fi
        sleep 0.1
    done
    echo "Xvfb did not start"; cat "$work/xvfb.log"; exit 2
}

stop_display() {
    [ -n "${wm_pid:-}" ] && kill "$wm_pid" 2>/dev/null && wait "$wm_pid" 2>/dev/null
    kill "$x_pid" 2>/dev/null; wait "$x_pid" 2>/dev/null
    wm_pid=""; x_pid=""
}

# A kiosk started from the command line must stop on SIGTERM and SIGINT: exit 0 within 2 s.
check_stop() {  # $1: signal name
    XDG_RUNTIME_DIR="$work" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" \
        QT_QPA_PLATFORM=xcb "$PYTHON" -m app --kiosk >"$work/kiosk.log" 2>&1 &
    pid=$!
    # Signal the kiosk once its window is up (a busy machine may need longer than a fixed
    # wait), then give it a second to settle into its event loop.
    for _ in $(seq 60); do
        xdotool search --onlyvisible --pid "$pid" --name . >/dev/null 2>&1 && break
        sleep 0.5
    done
    sleep 1
    start=$(date +%s%N)
    kill -s "$1" "$pid"
    wait "$pid"; code=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ "$code" -eq 0 ] && [ "$ms" -lt 2000 ]; then
        echo "PASS SIG$1 ends the kiosk: exit 0 after $ms ms"
    else
        echo "FAIL SIG$1: exit $code after $ms ms"; tail -5 "$work/kiosk.log"; failed=1
    fi
}

run_case() {  # $1: with-wm or without-wm
    echo "== X11 $SCREEN_SIZE, $1"
    start_display
    if [ "$1" = with-wm ]; then
        openbox >"$work/wm.log" 2>&1 &
        wm_pid=$!
        sleep 1
        driver_flag=--with-wm
    else
        driver_flag=""
    fi
    QT_QPA_PLATFORM=xcb XDG_RUNTIME_DIR="$work" XDG_CONFIG_HOME="$work/config" \
        XDG_STATE_HOME="$work/state" timeout -s KILL 120 "$PYTHON" scripts/kiosk_x11_driver.py $driver_flag 2>"$work/driver.err" \
        || { failed=1; grep -v propagateSizeHints "$work/driver.err" | tail -5; }
    check_stop TERM
    check_stop INT
    stop_display
}

run_case without-wm
run_case with-wm
[ "$failed" -eq 0 ] && echo "all X11 kiosk checks passed" || echo "SOME X11 KIOSK CHECKS FAILED"
exit "$failed"
