#!/bin/sh
# run_demo.sh PVC_CASES [BACKEND]: `make demo` - every case samples/data/<sample>/<case>/ run
# on BACKEND (default native) against its expect files, in one process (the case runner,
# tests/cases/README.md: samples/data/<sample>/kernel names samples/<sample>.py, each case
# holds in_<P>.npy, expect_<P>.npy and its args). One line per case.
cases=${1:-build/pvc-cases}; backend=${2:-native}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$cases" --backends "$backend" --work "$work" --strip samples/data/ samples/data/*/*/
