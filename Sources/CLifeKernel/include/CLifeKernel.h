// The AVX2 Life kernel: one generation of a bit-packed board (layout at the top of LifeGrid.swift),
// the same algorithm as LifeStepper.swift written with 256-bit vectors. It lives in C because a
// function-level `target("avx2")` attribute lets one binary carry it for CPUs that have AVX2 while
// the rest of the program stays generic x86-64; Swift has no per-function target attribute.
// Callers must check petri_life_has_avx2() first: on a CPU without AVX2 the kernel is an illegal
// instruction.
#ifndef PETRI_CLIFEKERNEL_H
#define PETRI_CLIFEKERNEL_H

#include <stdbool.h>
#include <stdint.h>

/// What one generation needs to know about the board and the rule.
typedef struct {
    /// Columns, rows and words per row ((width + 63) / 64) of the board.
    int64_t width, height, words_per_row;
    /// The valid bits of a row's last word.
    uint64_t last_word_mask;
    /// Whether the board wraps around (a torus) rather than being bounded by dead cells.
    bool toroidal;
    /// Whether the rule is B3/S23 (then `born` and `flip` are ignored and a hand-written kernel runs).
    bool conway;
    /// For each 3×3 total t (0...9): all ones when a dead cell is born, else zero.
    uint64_t born[10];
    /// For each total t: all ones when a live cell's next state differs from a dead one's.
    uint64_t flip[10];
} petri_life_step_parameters;

/// True when this CPU and the operating system support AVX2 (and POPCNT): cpuid leaf 7 plus
/// the OS's XSAVE state for the 256-bit registers.
bool petri_life_has_avx2(void);

/// Writes the next generation of `src` (height * words_per_row words) to `dst` (not overlapping)
/// and stores the births and deaths. `scratch` holds at least 3 * words_per_row + 4 words.
void petri_life_step_avx2(
    const petri_life_step_parameters *parameters, const uint64_t *src, uint64_t *dst, uint64_t *scratch,
    int64_t *births, int64_t *deaths);

#endif
