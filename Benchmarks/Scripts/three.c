/* The start-up benchmark's floor (Benchmarks/Scripts/startup.py): a static C program that
   prints what `termlayout eval 1+2` prints. */
#include <stdio.h>

int main(void) {
    puts("3");
    return 0;
}
