// The AVX2 Life kernel. The algorithm, line for line, is LifeStepper.swift's (read its comment
// first): per row, the 2-bit column sums of the rows above, on and below into two scratch rows
// with a guard word each side, then west + centre + east of those sums as the 4-bit total of each
// 3x3 block, and the rule as bitwise logic on the total's bits. Only the vector width differs
// (four words per register) and births and deaths are counted with a nibble table (vpshufb)
// instead of SWAR.
#include "CLifeKernel.h"

#include <string.h>

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

bool petri_life_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    bool osxsave = (c & bit_OSXSAVE) != 0, avx = (c & bit_AVX) != 0, popcnt = (c & bit_POPCNT) != 0;
    if (!osxsave || !avx || !popcnt) return false;
    // The OS must save the SSE and AVX register state (XCR0 bits 1 and 2).
    unsigned xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return false;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return (b & bit_AVX2) != 0;
}

#pragma clang attribute push(__attribute__((target("avx2,popcnt"))), apply_to = function)

// Four words, loaded and stored unaligned (the rows and scratch rows are only 8-byte aligned).
typedef uint64_t v4 __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) v4 load(const uint64_t *p) {
    v4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline __attribute__((always_inline)) void store(uint64_t *p, v4 v) { memcpy(p, &v, sizeof v); }

static inline __attribute__((always_inline)) v4 splat(uint64_t x) { return (v4){x, x, x, x}; }

// Each word's population count, in its lane: a nibble lookup table (vpshufb) gives each byte's,
// and a sum of absolute differences against zero adds the eight bytes of each word.
static inline __attribute__((always_inline)) v4 populations(v4 x) {
    const __m256i table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    __m256i v = (__m256i)x;
    __m256i low = _mm256_and_si256(v, nibble), high = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
    __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(table, low), _mm256_shuffle_epi8(table, high));
    return (v4)_mm256_sad_epu8(bytes, _mm256_setzero_si256());
}

// mux(s, one, zero) picks `one` where s is set and `zero` elsewhere.
static inline __attribute__((always_inline)) v4 mux(v4 s, v4 one, v4 zero) { return zero ^ (s & (one ^ zero)); }

// The rule: next state from the total's bits b0...b3 and the centre (LifeRuleKernel.swift).
static inline __attribute__((always_inline)) v4 rule(
    const petri_life_step_parameters *p, bool conway, v4 b0, v4 b1, v4 b2, v4 b3, v4 c) {
    if (conway) {
        v4 three = b0 & b1 & ~b2;
        v4 four = b2 & c & ~(b0 | b1);
        return three | four;
    }
#define LEAF(t) (splat(p->born[t]) ^ (c & splat(p->flip[t])))
    v4 t01 = mux(b0, LEAF(1), LEAF(0));
    v4 t23 = mux(b0, LEAF(3), LEAF(2));
    v4 t45 = mux(b0, LEAF(5), LEAF(4));
    v4 t67 = mux(b0, LEAF(7), LEAF(6));
    v4 t89 = mux(b0, LEAF(9), LEAF(8));
#undef LEAF
    v4 t0to7 = mux(b2, mux(b1, t67, t45), mux(b1, t23, t01));
    return mux(b3, t89, t0to7);
}

// The next state of words i..i+3 of the row; `lo` and `hi` are the sum rows (word i at index i + 1).
static inline __attribute__((always_inline)) v4 cells(
    const petri_life_step_parameters *p, bool conway, const uint64_t *lo, const uint64_t *hi, int64_t i, v4 centre) {
    v4 lo_prev = load(lo + i), lo_mid = load(lo + i + 1), lo_next = load(lo + i + 2);
    v4 hi_prev = load(hi + i), hi_mid = load(hi + i + 1), hi_next = load(hi + i + 2);
    v4 lo_west = (lo_mid << 1) | (lo_prev >> 63);
    v4 lo_east = (lo_mid >> 1) | (lo_next << 63);
    v4 hi_west = (hi_mid << 1) | (hi_prev >> 63);
    v4 hi_east = (hi_mid >> 1) | (hi_next << 63);
    v4 lo_xor = lo_west ^ lo_mid;
    v4 b0 = lo_xor ^ lo_east;
    v4 carry_lo = (lo_west & lo_mid) | (lo_xor & lo_east);
    v4 hi_xor = hi_west ^ hi_mid;
    v4 sum_hi = hi_xor ^ hi_east;
    v4 carry_hi = (hi_west & hi_mid) | (hi_xor & hi_east);
    v4 b1 = carry_lo ^ sum_hi;
    v4 carry = carry_lo & sum_hi;
    v4 b2 = carry_hi ^ carry;
    v4 b3 = carry_hi & carry;
    return rule(p, conway, b0, b1, b2, b3, centre);
}

// Torus only: the guards of one sum row get the opposite edge's column.
static inline void wrap_guards(const petri_life_step_parameters *p, uint64_t *s) {
    int64_t width = p->width;
    uint64_t last_column = (s[1 + ((width - 1) >> 6)] >> ((width - 1) & 63)) & 1;
    uint64_t first_column = s[1] & 1;
    s[0] = last_column << 63;
    s[p->words_per_row + 1] = 0;
    s[1 + (width >> 6)] |= first_column << (width & 63);
}

// One row of the next generation; `row` is the current row and `out` the next one. Inlined
// twice, with `conway` a constant, so the rule's choice is made once per generation, not per word.
static inline __attribute__((always_inline)) void step_row(
    const petri_life_step_parameters *p, bool conway, const uint64_t *above, const uint64_t *row, const uint64_t *below,
    uint64_t *lo, uint64_t *hi, uint64_t *out, int64_t *births, int64_t *deaths) {
    int64_t wpr = p->words_per_row, i = 0;
    for (; i + 4 <= wpr; i += 4) {
        v4 a = load(above + i), b = load(row + i), c = load(below + i);
        v4 ab = a ^ b;
        store(lo + 1 + i, ab ^ c);
        store(hi + 1 + i, (a & b) | (c & ab));
    }
    for (; i < wpr; i++) {
        uint64_t a = above[i], b = row[i], c = below[i], ab = a ^ b;
        lo[1 + i] = ab ^ c;
        hi[1 + i] = (a & b) | (c & ab);
    }
    if (p->toroidal) {
        wrap_guards(p, lo);
        wrap_guards(p, hi);
    }
    v4 born_lanes = splat(0), died_lanes = splat(0);
    for (i = 0; i + 4 <= wpr; i += 4) {
        v4 old = load(row + i);
        v4 new = cells(p, conway, lo, hi, i, old);
        store(out + i, new);
        born_lanes += populations(new & ~old);
        died_lanes += populations(old & ~new);
    }
    int64_t born = (int64_t)(born_lanes[0] + born_lanes[1] + born_lanes[2] + born_lanes[3]);
    int64_t died = (int64_t)(died_lanes[0] + died_lanes[1] + died_lanes[2] + died_lanes[3]);
    for (; i < wpr; i++) {
        // One word through the vector code: copy the word's neighbourhood into small buffers.
        uint64_t lo3[6] = {lo[i], lo[i + 1], lo[i + 2]}, hi3[6] = {hi[i], hi[i + 1], hi[i + 2]};
        uint64_t old = row[i];
        uint64_t new = cells(p, conway, lo3, hi3, 0, splat(old))[0];
        out[i] = new;
        born += __builtin_popcountll(new & ~old);
        died += __builtin_popcountll(old & ~new);
    }
    // Padding bits saw real neighbours; the old padding was zero, so they counted as births.
    uint64_t garbage = out[wpr - 1] & ~p->last_word_mask;
    if (garbage) {
        born -= __builtin_popcountll(garbage);
        out[wpr - 1] &= p->last_word_mask;
    }
    *births += born;
    *deaths += died;
}

static inline __attribute__((always_inline)) void step_board(
    const petri_life_step_parameters *p, bool conway, const uint64_t *src, uint64_t *dst, uint64_t *scratch,
    int64_t *births, int64_t *deaths) {
    int64_t wpr = p->words_per_row, height = p->height;
    // A zero row (the dead cells above and below a bounded board), then the two sum rows, each
    // with a guard word on either side.
    memset(scratch, 0, (size_t)(3 * wpr + 4) * sizeof(uint64_t));
    const uint64_t *zero_row = scratch;
    uint64_t *lo = scratch + wpr, *hi = lo + (wpr + 2);
    *births = 0;
    *deaths = 0;
    for (int64_t y = 0; y < height; y++) {
        const uint64_t *row = src + y * wpr;
        const uint64_t *above = y > 0 ? row - wpr : (p->toroidal ? src + (height - 1) * wpr : zero_row);
        const uint64_t *below = y + 1 < height ? row + wpr : (p->toroidal ? src : zero_row);
        step_row(p, conway, above, row, below, lo, hi, dst + y * wpr, births, deaths);
    }
}

void petri_life_step_avx2(
    const petri_life_step_parameters *p, const uint64_t *src, uint64_t *dst, uint64_t *scratch,
    int64_t *births, int64_t *deaths) {
    if (p->conway) {
        step_board(p, true, src, dst, scratch, births, deaths);
    } else {
        step_board(p, false, src, dst, scratch, births, deaths);
    }
}

#pragma clang attribute pop

#else

// Not an x86-64 CPU: no AVX2, and the kernel is never called (LifeVectorUnit checks first).
bool petri_life_has_avx2(void) { return false; }

void petri_life_step_avx2(
    const petri_life_step_parameters *p, const uint64_t *src, uint64_t *dst, uint64_t *scratch,
    int64_t *births, int64_t *deaths) {
    (void)p, (void)src, (void)dst, (void)scratch;
    *births = 0;
    *deaths = 0;
}

#endif
