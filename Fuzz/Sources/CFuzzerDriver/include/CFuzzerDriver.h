#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// What libFuzzer calls with each input.
typedef int (*TermLayoutFuzzTest)(const uint8_t *data, size_t size);

/// Runs libFuzzer's driver (command line, corpus, mutation loop) over `test`.
/// SwiftPM links an executable's `main` to `<module>_main`, so libFuzzer's own `main` is never
/// used; each fuzz target defines `<module>_main` and calls this instead.
int termlayout_fuzz_main(int argc, char **argv, TermLayoutFuzzTest test);

#endif
