/* A plain Quarto draw-board enumerator, the peer of `prune solve quarto --count`
 * (bench/quarto_torus.sh runs both in one run): no solver, one depth-first pass
 * that places pieces on the cells row by row. When a cell is the last of a line,
 * only the pieces that complete that line as a draw are tried (an O(1) mask of the
 * line's AND and OR so far), so every leaf is a draw board.
 *
 * The same symmetry reduction as prune's count (reduction 3): the 384 piece maps
 * (16 XOR masks x 24 attribute permutations) act freely on draw boards, so the count
 * is the sum, over one representative of each orbit of the pieces on r1c1..r1c3,
 * of the orbit size times the count with those three pieces placed.
 *
 *   quarto_enumerate torus|game [P1 P2 ...]
 *       torus: the six families of torus.txt (32 lines, 2,245,746,048 boards);
 *       game: rows, columns, diagonals (414,298,141,056; hours). P1 P2 ...: the
 *       pieces given on the first cells (r1c1, r1c2, ...): that count alone, with
 *       no reduction.
 * Prints the count. Plain C99, no dependency. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { side = 4, cells = 16, max_lines = 40 };

static int line_cell[max_lines][4];
static int line_count;
static int closing[cells][max_lines]; /* the lines whose last cell (row-major) is c */
static int closing_count[cells];
static uint16_t completing[256];     /* pieces w with a & w = 0 and o | w = 15 */
static int board[cells];

static int at(int r, int c) { return ((r % side + side) % side) * side + (c % side + side) % side; }

static void add_line(int a, int b, int c, int d) {
    int cell[4] = {a, b, c, d};
    for (int i = 0; i < line_count; ++i) { /* the same four cells: once */
        int same = 0;
        for (int j = 0; j < 4; ++j)
            for (int k = 0; k < 4; ++k) same += line_cell[i][j] == cell[k];
        if (same == 4) return;
    }
    memcpy(line_cell[line_count], cell, sizeof cell);
    int last = 0;
    for (int j = 0; j < 4; ++j) last = cell[j] > last ? cell[j] : last;
    closing[last][closing_count[last]++] = line_count++;
}

static void make_lines(int torus) {
    for (int r = 0; r < side; ++r) add_line(at(r, 0), at(r, 1), at(r, 2), at(r, 3));
    for (int c = 0; c < side; ++c) add_line(at(0, c), at(1, c), at(2, c), at(3, c));
    add_line(at(0, 0), at(1, 1), at(2, 2), at(3, 3));
    add_line(at(0, 3), at(1, 2), at(2, 1), at(3, 0));
    if (!torus) return;
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c) add_line(at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1));
    for (int s = 0; s < side; ++s) add_line(at(0, s), at(1, s + 1), at(2, s + 2), at(3, s + 3));
    for (int s = 0; s < side; ++s) add_line(at(0, s), at(1, s - 1), at(2, s - 2), at(3, s - 3));
}

static int given[cells];
static int given_count;

static uint64_t count(int cell, uint16_t used) {
    if (cell == cells) return 1;
    uint16_t allowed = (uint16_t)~used;
    for (int i = 0; i < closing_count[cell]; ++i) {
        const int *l = line_cell[closing[cell][i]];
        unsigned all = 15, any = 0;
        for (int j = 0; j < 4; ++j) {
            if (l[j] == cell) continue;
            all &= (unsigned)board[l[j]];
            any |= (unsigned)board[l[j]];
        }
        allowed &= completing[all * 16 + any];
    }
    if (cell < given_count) allowed &= (uint16_t)(1u << given[cell]);
    uint64_t total = 0;
    for (unsigned left = allowed; left != 0; left &= left - 1) {
        const int piece = __builtin_ctz(left);
        board[cell] = piece;
        total += count(cell + 1, (uint16_t)(used | (1u << piece)));
    }
    return total;
}

/* The image of piece p under map g: attribute permutation g / 16, then XOR g % 16. */
static int map_piece(int g, int p) {
    static const int orders[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
    int q = 0;
    for (int k = 0; k < 4; ++k) q |= ((p >> orders[g / 16][k]) & 1) << k;
    return q ^ (g % 16);
}

/* Sum over the orbits of (r1c1, r1c2, r1c3) of orbit size x count(representative). */
static uint64_t reduced_count(void) {
    static unsigned char seen[16 * 16 * 16];
    uint64_t total = 0;
    for (int t = 0; t < 16 * 16 * 16; ++t) {
        const int a = t / 256, b = t / 16 % 16, c = t % 16;
        if (a == b || a == c || b == c || seen[t]) continue;
        uint64_t orbit = 0;
        for (int g = 0; g < 384; ++g) {
            const int image = map_piece(g, a) * 256 + map_piece(g, b) * 16 + map_piece(g, c);
            if (!seen[image]) ++orbit;
            seen[image] = 1;
        }
        given[0] = a;
        given[1] = b;
        given[2] = c;
        given_count = 3;
        total += orbit * count(0, 0);
    }
    return total;
}

int main(int argc, char **argv) {
    const int torus = argc < 2 || strcmp(argv[1], "game") != 0;
    for (unsigned a = 0; a < 16; ++a)
        for (unsigned o = 0; o < 16; ++o)
            for (unsigned w = 0; w < 16; ++w)
                if ((a & w) == 0 && (o | w) == 15) completing[a * 16 + o] |= (uint16_t)(1u << w);
    make_lines(torus);
    for (int i = 2; i < argc && given_count < cells; ++i) given[given_count++] = atoi(argv[i]) & 15;
    printf("%llu\n", (unsigned long long)(given_count > 0 ? count(0, 0) : reduced_count()));
    return 0;
}
