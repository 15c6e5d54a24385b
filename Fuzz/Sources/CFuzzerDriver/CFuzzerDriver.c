#include "CFuzzerDriver.h"

// Provided by libFuzzer (linked by `-sanitize=fuzzer`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int termlayout_fuzz_main(int argc, char **argv, TermLayoutFuzzTest test) {
    return LLVMFuzzerRunDriver(&argc, &argv, test);
}
