/*
 * pathtable.h: a single-header C reader of pathtable tables (.ptab), the
 * precomputed shortest-path tables that `pathtable build` writes. C99, also
 * valid C++11; libc and libm only; its own msgpack subset decoder and
 * CRC-32C. It opens every format version (1, 2, 3) and layout (flat,
 * run-length with or without heuristic symbols, open boxes and row counts,
 * windowed) that the Go reader opens, refuses what the Go reader refuses
 * (every check of docs/FORMAT.md, "What a reader must check"), and answers
 * next step, distance and whole paths with no allocation per query.
 *
 * Use: in ONE C or C++ file of your program
 *
 *     #define PATHTABLE_IMPLEMENTATION
 *     #include "pathtable.h"
 *
 * and include it plainly everywhere else. Link with -lm. No special
 * floating-point flags are needed: the reader rounds the product of
 * a + b*sqrt(2) on its own (pt__octile), so any -ffp-contract setting gives
 * Go's costs bit for bit.
 *
 * Memory: pt_open_memory reads the caller's bytes in place (zero-copy):
 * the first moves, distances, run starts and moves and window blocks are
 * never copied, and are read at any alignment (byte-assembled
 * little-endian loads, one unaligned load on x86 and ARM64), so the buffer
 * must stay alive and unchanged until pt_close. The graph (offsets,
 * targets, weights, cells), which version 3 tables rebuild from their
 * cells anyway, is decoded into native arrays at load, O(V + E), as are
 * the lookup indexes (a hop array, ranks, a cell index). pt_open_file reads
 * the file into one buffer the table owns. Override PATHTABLE_MALLOC and
 * PATHTABLE_FREE (both or neither) to use your engine's allocator; every
 * allocation happens inside pt_open_*, none in a query, and none is larger
 * than a fixed multiple of the file's size.
 *
 * Threads: an opened table is immutable; any number of threads may query
 * it at once. Nothing in the library is global or static-mutable.
 *
 * See readers/c/README.md for a step-by-step guide and the costs.
 */
#ifndef PATHTABLE_H
#define PATHTABLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* PT_NONE is "no node": a failed lookup, or no next step. */
#define PT_NONE (-1)

/* Error codes, pt_error.code. */
enum pt_code {
	PT_OK = 0,
	PT_ERR_IO,        /* the file could not be read */
	PT_ERR_NOT_TABLE, /* not a pathtable table (bad magic) */
	PT_ERR_PART,      /* a part file of a sharded build, not a table */
	PT_ERR_VERSION,   /* a format version this reader does not read */
	PT_ERR_TRUNCATED, /* the bytes end before a declared length */
	PT_ERR_CHECKSUM,  /* the CRC-32C does not match */
	PT_ERR_CORRUPT,   /* anything else a writer never makes */
	PT_ERR_NOMEM,     /* an allocation failed */
	PT_ERR_NODE       /* pt_node: the id names no node */
};

/* pt_error is a code and a one-line message naming the element or value
 * at fault, e.g. "corrupt table: offsets has 24 bytes, want 28 for 6 nodes
 * and 14 edges". */
typedef struct pt_error {
	int code;
	char message[256];
} pt_error;

/* Layouts, pt_info.layout. */
enum pt_layout { PT_FLAT = 0, PT_WINDOW = 1, PT_RUNS = 2 };

/* Kinds, pt_info.kind. */
enum pt_kind { PT_GRID = 0, PT_GRAPH = 1 };

/* pt_info is the table's header as decoded; the strings are NUL-terminated
 * copies the table owns (model, source, format and input_hash cut at 255
 * bytes). */
typedef struct pt_info {
	int version;     /* format version: 1, 2 or 3 */
	int layout;      /* PT_FLAT, PT_WINDOW or PT_RUNS */
	int kind;        /* PT_GRID or PT_GRAPH */
	int32_t nodes;   /* n: node ids are 0 .. n-1 */
	int64_t edges;   /* directed edges of the graph */
	int32_t width;   /* grid width in cells, 0 for graphs */
	int32_t height;  /* grid height in cells, 0 for graphs */
	int connect;     /* 4 or 8 on grids, 0 for graphs */
	int window;      /* DELTA of a windowed table, else 0 */
	int clearance;   /* the agent's side in cells when above 1, else 0 */
	int64_t runs;    /* runs of a run-length table, else 0 */
	const char *metric, *dist_kind, *first_enc, *diagonal, *model, *source, *format, *input_hash;
} pt_info;

typedef struct pt_table pt_table;

/* pt_open_memory opens the table in data[0..size), which it reads in
 * place: keep the bytes alive and unchanged until pt_close. It checks
 * everything docs/FORMAT.md asks (lengths before use, the checksum, the
 * header, the graph or cells, the run-length order and rows) and returns
 * NULL with err filled (err may be NULL) on any fault. O(size) for the
 * checksum, plus O(V + E) (O(W*H) for a grid that carries its cells). */
pt_table *pt_open_memory(const void *data, size_t size, pt_error *err);

/* pt_open_file reads the file at path into memory the table owns and opens
 * it as pt_open_memory does; err->message starts with the path. */
pt_table *pt_open_file(const char *path, pt_error *err);

/* pt_close frees what the table allocated (and the file's bytes, for
 * pt_open_file). NULL is a no-op. */
void pt_close(pt_table *t);

/* pt_info_of returns the decoded header. O(1). */
const pt_info *pt_info_of(const pt_table *t);

/* pt_len returns the number of nodes. O(1). */
int32_t pt_len(const pt_table *t);

/* pt_node_at returns the node at grid cell (x, y), or PT_NONE when the cell
 * is outside the grid, no node (a wall, or too narrow for the table's
 * agent), or the table is a graph. O(1) (O(log n) on a grid of more than
 * 64 cells per node). */
int32_t pt_node_at(const pt_table *t, int64_t x, int64_t y);

/* pt_xy sets *x and *y to node u's cell and returns 1; 0 on graphs or for u
 * out of range. O(1). */
int pt_xy(const pt_table *t, int32_t u, int32_t *x, int32_t *y);

/* pt_node_named returns the graph node whose id is the len bytes at name,
 * or PT_NONE (also on grids). O(len * log n). */
int32_t pt_node_named(const pt_table *t, const char *name, size_t len);

/* pt_node resolves an id as users write it, as `pathtable` does: "x,y" on
 * grids (spaces around each number allowed), the node's id on graphs. On
 * failure it returns PT_NONE with err (may be NULL) saying why, in the
 * CLI's words: `cell 1,0 is a wall, not a node`, `no node "z" in this
 * graph`. O(len) on grids, O(len * log n) on graphs. */
int32_t pt_node(const pt_table *t, const char *id, size_t len, pt_error *err);

/* pt_name writes node u's id ("x,y", or the graph id) into buf, at most
 * cap bytes with a terminating NUL (nothing when cap is 0), and returns its
 * length without the NUL, as snprintf does; 0 for u out of range. A graph
 * id is also available without a copy from pt_name_ref. O(length). */
size_t pt_name(const pt_table *t, int32_t u, char *buf, size_t cap);

/* pt_name_ref returns graph node u's id in the table's bytes (not
 * NUL-terminated) and its length in *len; NULL on grids or out of range.
 * O(1). */
const char *pt_name_ref(const pt_table *t, int32_t u, size_t *len);

/* pt_next returns the node after from on the stored shortest path to to,
 * or PT_NONE: no path, from == to, an id out of range, or (windowed) a pair
 * not covered. O(1) flat and windowed; O(log runs of from's row)
 * run-length. */
int32_t pt_next(const pt_table *t, int32_t from, int32_t to);

/* pt_dist sets *dist to the cost of the stored path from from to to and
 * returns 1, or returns 0 (and +Inf) when there is none or the pair is
 * out of range or not covered. Flat: the stored distance, O(1). Run-length
 * and windowed tables store none: it walks the path and adds the edge
 * costs as docs/FORMAT.md "Walked distances" says (lookup.Table.Dist),
 * O(path length x log runs) and O(path length) respectively. */
int pt_dist(const pt_table *t, int32_t from, int32_t to, double *dist);

/* pt_covered reports whether the table answers the pair: both are nodes
 * and, on a windowed table, from lies within DELTA cells of to in x and
 * y. O(1). */
int pt_covered(const pt_table *t, int32_t from, int32_t to);

/* pt_path walks the stored path from from to to, both ends included, and
 * returns its number of nodes (1 when from == to), writing the first
 * min(count, cap) of them to buf (buf may be NULL when cap is 0); a return
 * above cap means the buffer was short: retry with that many. It returns
 * 0 when there is no path, the pair is not covered (see pt_covered) or an
 * id is out of range. With cost non-NULL it also sets *cost to pt_dist's
 * value, from the same walk (flat: the stored distance). A path never has
 * more than pt_path_max nodes. O(path length), times log runs per row on
 * run-length tables. No allocation. */
int32_t pt_path(const pt_table *t, int32_t from, int32_t to, int32_t *buf, int32_t cap, double *cost);

/* pt_path_max is the most nodes any path of the table has: n, or on a
 * windowed table min(n, (2*DELTA+1)^2). O(1). */
int32_t pt_path_max(const pt_table *t);

#ifdef __cplusplus
}
#endif
#endif /* PATHTABLE_H */

#ifdef PATHTABLE_IMPLEMENTATION
#ifndef PATHTABLE_IMPLEMENTED
#define PATHTABLE_IMPLEMENTED

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PATHTABLE_MALLOC
#define PATHTABLE_MALLOC(n) malloc(n)
#define PATHTABLE_FREE(p) free(p)
#endif

#define PT__SQRT2 1.4142135623730951
#define PT__NOMOVE 0xFFu
#define PT__MAXDEGREE 254
#define PT__MAXPAYLOAD 0xFFFFFFFFull
#define PT__MAXFLAT 46340
#define PT__MAXCELLS (1 << 24)
#define PT__MAXDEPTH 32

enum { PT__U16, PT__U32, PT__U64, PT__O16, PT__O32, PT__F64 };
enum { PT__SUM_FLOAT, PT__SUM_INT, PT__SUM_OCTILE };

struct pt_table {
	pt_info info;
	char *strings;           /* the info strings' storage */
	uint8_t *owned;          /* the file's bytes, for pt_open_file */
	int32_t n;
	/* The graph, native. */
	uint32_t *offsets;       /* n+1 */
	int32_t *targets;        /* m */
	double *weights;         /* m */
	int32_t *cells;          /* n on grids */
	const uint8_t **names;   /* n on graphs: each id's bytes in the file */
	uint32_t *name_len;
	int32_t *by_name;        /* graph nodes sorted by id */
	int32_t *by_cell;        /* grid cell -> node or -1; NULL: search cells */
	int32_t *hops;           /* hops[u<<shift | m]: the node slot m leads to, or -1 */
	unsigned shift;
	int sum_mode;
	/* Flat. */
	const uint8_t *first, *dist;
	int dkind;
	/* Run-length, in rank space. */
	int32_t *order, *rank, *rhops;
	uint32_t *row_start;
	const uint8_t *starts, *moves;
	int wide, nibble, symbols, wrap, packed; /* packed: a run is one uint16, start << 4 | move */
	uint8_t *rjump;          /* j encodings: each rank's jump set, a bit per direction */
	int32_t *rcomp;          /* c encodings: each rank's component, its first rank */
	uint8_t *rdirs;          /* symbols: each rank's directions, a bit each */
	int32_t *rxy;            /* symbols: each rank's x, y */
	uint32_t *boxes;         /* b encodings: open cells in [0,x) x [0,y) at y*(W+1)+x */
	/* Windowed. */
	const uint8_t *blocks;
	int delta, side;
	size_t block_bytes;
	int32_t *whops;          /* whops[u*8 + d]: the first edge of u in direction d, or -1 */
};

static const int pt__dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int pt__dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* ---- errors ---------------------------------------------------------- */

static const char *pt__sentinel(int code)
{
	switch (code) {
	case PT_ERR_NOT_TABLE: return "not a pathtable table (bad magic)";
	case PT_ERR_PART: return "a part of a sharded build, not a table: join the parts with pathtable merge";
	case PT_ERR_VERSION: return "unsupported table format version";
	case PT_ERR_TRUNCATED: return "truncated table";
	case PT_ERR_CHECKSUM: return "table checksum mismatch (file corrupt)";
	case PT_ERR_CORRUPT: return "corrupt table";
	case PT_ERR_NOMEM: return "out of memory";
	}
	return "";
}

/* pt__fail fills e with code and "SENTINEL: detail" (the detail from fmt,
 * which may be NULL) and returns code. */
static int pt__fail(pt_error *e, int code, const char *fmt, ...)
{
	size_t k;
	va_list ap;
	if (!e)
		return code;
	e->code = code;
	k = (size_t)snprintf(e->message, sizeof e->message, "%s", code == PT_ERR_NODE ? "" : pt__sentinel(code));
	if (fmt && k + 2 < sizeof e->message) {
		if (k > 0) {
			if (code == PT_ERR_VERSION)
				e->message[k++] = ' ';
			else
				e->message[k++] = ':', e->message[k++] = ' ';
		}
		va_start(ap, fmt);
		vsnprintf(e->message + k, sizeof e->message - k, fmt, ap);
		va_end(ap);
	}
	return code;
}

/* ---- bytes ----------------------------------------------------------- */

static uint32_t pt__le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t pt__le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t pt__le64(const uint8_t *p) { return (uint64_t)pt__le32(p) | (uint64_t)pt__le32(p + 4) << 32; }
static double pt__f64(const uint8_t *p)
{
	uint64_t b = pt__le64(p);
	double d;
	memcpy(&d, &b, 8);
	return d;
}

/* pt__octile is a + b*sqrt2 with the product rounded before the sum, as Go
 * computes it, whatever the compiler's contraction setting. */
static double pt__octile(uint64_t a, uint64_t b)
{
	volatile double prod = (double)b * PT__SQRT2;
	return (double)a + prod;
}

static unsigned pt__popcount8(unsigned v)
{
	v = v - ((v >> 1) & 0x55u);
	v = (v & 0x33u) + ((v >> 2) & 0x33u);
	return (v + (v >> 4)) & 0x0Fu;
}

static void *pt__alloc(size_t n) { return PATHTABLE_MALLOC(n ? n : 1); }

/* ---- CRC-32C, slicing by 8 ------------------------------------------- */

typedef struct {
	uint32_t t[8][256];
	uint32_t crc;
} pt__crc;

static void pt__crc_init(pt__crc *c)
{
	uint32_t i, k, v;
	for (i = 0; i < 256; i++) {
		v = i;
		for (k = 0; k < 8; k++)
			v = (v & 1) ? (v >> 1) ^ 0x82F63B78u : v >> 1;
		c->t[0][i] = v;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			c->t[k][i] = (c->t[k - 1][i] >> 8) ^ c->t[0][c->t[k - 1][i] & 0xFF];
	c->crc = 0xFFFFFFFFu;
}

static void pt__crc_add(pt__crc *c, const uint8_t *p, size_t n)
{
	uint32_t crc = c->crc;
	while (n >= 8) {
		uint32_t lo = crc ^ pt__le32(p), hi = pt__le32(p + 4);
		crc = c->t[7][lo & 0xFF] ^ c->t[6][(lo >> 8) & 0xFF] ^ c->t[5][(lo >> 16) & 0xFF] ^ c->t[4][lo >> 24] ^
		      c->t[3][hi & 0xFF] ^ c->t[2][(hi >> 8) & 0xFF] ^ c->t[1][(hi >> 16) & 0xFF] ^ c->t[0][hi >> 24];
		p += 8, n -= 8;
	}
	while (n--)
		crc = c->t[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
	c->crc = crc;
}

/* ---- msgpack --------------------------------------------------------- */

/* A reader over bytes in memory; every length is checked against what
 * remains before it is used. */
typedef struct {
	const uint8_t *p, *end;
	uint8_t code; /* the last code byte read */
} pt__rd;

enum { PT__OK, PT__EOF, PT__TYPE, PT__NEG };

static uint64_t pt__left(const pt__rd *r) { return (uint64_t)(r->end - r->p); }

static int pt__be(pt__rd *r, int w, uint64_t *v)
{
	uint64_t x = 0;
	if (pt__left(r) < (uint64_t)w)
		return PT__EOF;
	while (w--)
		x = x << 8 | *r->p++;
	*v = x;
	return PT__OK;
}

/* pt__uint reads an integer of any msgpack encoding whose value is >= 0. */
static int pt__uint(pt__rd *r, uint64_t *v)
{
	uint8_t c;
	int w, s;
	if (r->p >= r->end)
		return PT__EOF;
	c = r->code = *r->p++;
	if (c <= 0x7f) {
		*v = c;
		return PT__OK;
	}
	if (c >= 0xcc && c <= 0xcf)
		return pt__be(r, 1 << (c - 0xcc), v);
	if (c >= 0xd0 && c <= 0xd3) {
		w = 1 << (c - 0xd0);
		if ((s = pt__be(r, w, v)) != PT__OK)
			return s;
		return (*v >> (8 * w - 1)) ? PT__NEG : PT__OK;
	}
	return c >= 0xe0 ? PT__NEG : PT__TYPE;
}

/* pt__head reads the head of a value of one kind: codes lo..hi hold the
 * length in their low bits (hi 0: none do), w8, w16, w32 (0: none) in the
 * 1, 2 or 4 bytes after. */
static int pt__head(pt__rd *r, uint8_t lo, uint8_t hi, uint8_t w8, uint8_t w16, uint8_t w32, uint64_t *n)
{
	uint8_t c;
	if (r->p >= r->end)
		return PT__EOF;
	c = r->code = *r->p++;
	if (hi && c >= lo && c <= hi) {
		*n = (uint64_t)(c - lo);
		return PT__OK;
	}
	if (w8 && c == w8)
		return pt__be(r, 1, n);
	if (c == w16)
		return pt__be(r, 2, n);
	if (c == w32)
		return pt__be(r, 4, n);
	return PT__TYPE;
}

#define pt__array_len(r, n) pt__head(r, 0x90, 0x9f, 0, 0xdc, 0xdd, n)
#define pt__map_len(r, n) pt__head(r, 0x80, 0x8f, 0, 0xde, 0xdf, n)
#define pt__str_len(r, n) pt__head(r, 0xa0, 0xbf, 0xd9, 0xda, 0xdb, n)
#define pt__bin_len(r, n) pt__head(r, 0, 0, 0xc4, 0xc5, 0xc6, n)

/* pt__skip reads past one value of any type at nesting depth, each of
 * whose lengths and counts fits in what remains. It returns PT__OK, or an
 * error with msg set. */
static int pt__skip(pt__rd *r, int depth, const char **msg)
{
	uint8_t c;
	uint64_t size = 0, items = 0, v = 0;
	int w = 0;
	if (r->p >= r->end) {
		*msg = "ends inside a value";
		return PT__EOF;
	}
	c = *r->p++;
	if (c <= 0x7f || c >= 0xe0)
		;
	else if (c <= 0x8f)
		items = 2 * (uint64_t)(c & 0x0f);
	else if (c <= 0x9f)
		items = c & 0x0f;
	else if (c <= 0xbf)
		size = c & 0x1f;
	else if (c == 0xc0 || c == 0xc2 || c == 0xc3)
		;
	else if (c >= 0xca && c <= 0xd3) {
		static const uint8_t sizes[10] = {4, 8, 1, 2, 4, 8, 1, 2, 4, 8};
		size = sizes[c - 0xca];
	} else if (c >= 0xd4 && c <= 0xd8)
		size = 1 + (1u << (c - 0xd4));
	else {
		switch (c) {
		case 0xc4: case 0xc7: case 0xd9: w = 1; break;
		case 0xc5: case 0xc8: case 0xda: case 0xdc: case 0xde: w = 2; break;
		case 0xc6: case 0xc9: case 0xdb: case 0xdd: case 0xdf: w = 4; break;
		default:
			*msg = "invalid msgpack code 0xc1";
			return PT__TYPE;
		}
		if (pt__be(r, w, &v) != PT__OK) {
			*msg = "ends inside a value";
			return PT__EOF;
		}
		if (c == 0xdc || c == 0xdd)
			items = v;
		else if (c == 0xde || c == 0xdf)
			items = 2 * v;
		else if (c >= 0xc7 && c <= 0xc9)
			size = 1 + v;
		else
			size = v;
	}
	if (size > pt__left(r)) {
		*msg = "a length exceeds the bytes that remain";
		return PT__EOF;
	}
	r->p += size;
	if (items == 0)
		return PT__OK;
	if (items > pt__left(r)) {
		*msg = "a value declares more elements than bytes remain";
		return PT__EOF;
	}
	if (depth >= PT__MAXDEPTH) {
		*msg = "values nested deeper than 32";
		return PT__TYPE;
	}
	while (items--)
		if (pt__skip(r, depth + 1, msg) != PT__OK)
			return PT__TYPE;
	return PT__OK;
}

/* ---- the header ------------------------------------------------------ */

/* The known header keys, in the Go writer's order; the first ten listed
 * in pt__str_keys are strings, "names" an array or nil, the rest integers. */
enum {
	PT__K_KIND, PT__K_NODES, PT__K_EDGES, PT__K_WIDTH, PT__K_HEIGHT, PT__K_NAMES, PT__K_METRIC, PT__K_DIST_KIND,
	PT__K_FIRST_ENC, PT__K_MODEL, PT__K_CONNECT, PT__K_DIAGONAL, PT__K_SOURCE, PT__K_FORMAT, PT__K_INPUT_HASH,
	PT__K_LAYOUT, PT__K_WINDOW, PT__K_RUNS, PT__K_CLEARANCE, PT__K_ROW_BYTES, PT__NKEYS
};
static const char *const pt__keys[PT__NKEYS] = {"kind", "nodes", "edges", "width", "height", "names", "metric",
	"dist_kind", "first_enc", "model", "connect", "diagonal", "source", "format", "input_hash", "layout", "window",
	"runs", "clearance", "row_bytes"};

typedef struct {
	const uint8_t *str[PT__NKEYS]; /* string fields: their bytes */
	uint64_t slen[PT__NKEYS];
	uint64_t num[PT__NKEYS];       /* integer fields */
	int names_array;               /* names is an array (not nil or absent) */
	uint64_t names_count;
	const uint8_t *names_at;       /* the first element of names */
} pt__hdr;

static int pt__is_str_key(int k)
{
	return k == PT__K_KIND || k == PT__K_METRIC || k == PT__K_DIST_KIND || k == PT__K_FIRST_ENC || k == PT__K_MODEL ||
	       k == PT__K_DIAGONAL || k == PT__K_SOURCE || k == PT__K_FORMAT || k == PT__K_INPUT_HASH || k == PT__K_LAYOUT;
}

/* pt__streq reports whether header string field k is s. */
static int pt__streq(const pt__hdr *h, int k, const char *s)
{
	size_t n = strlen(s);
	return h->slen[k] == n && (n == 0 || memcmp(h->str[k], s, n) == 0);
}

/* pt__show writes a header string for a message, quoted and cut short. */
static const char *pt__show(char *buf, size_t cap, const uint8_t *s, uint64_t n)
{
	size_t j = 0, i;
	buf[j++] = '"';
	for (i = 0; i < n && j + 6 < cap; i++) {
		uint8_t c = s[i];
		if (c == '"' || c == '\\')
			buf[j++] = '\\', buf[j++] = (char)c;
		else if (c < 0x20 || c >= 0x7f)
			j += (size_t)snprintf(buf + j, cap - j, "\\x%02x", c);
		else
			buf[j++] = (char)c;
	}
	if (i < n && j + 4 < cap)
		buf[j++] = '.', buf[j++] = '.', buf[j++] = '.';
	buf[j++] = '"';
	buf[j] = 0;
	return buf;
}

/* pt__header decodes the header bin b[0..len) into h by docs/FORMAT.md's
 * rules: a map of str keys, str fields str, integer fields integers >= 0,
 * names an array of str or nil, a known key once, any other key skipped. */
static int pt__header(const uint8_t *b, uint64_t len, pt__hdr *h, pt_error *e)
{
	pt__rd r;
	uint64_t n, i, k, klen;
	uint32_t seen = 0;
	int s, known, j;
	const char *msg = "";
	r.p = b, r.end = b + len, r.code = 0;
	memset(h, 0, sizeof *h);
	s = pt__map_len(&r, &n);
	if (s == PT__EOF)
		return pt__fail(e, PT_ERR_CORRUPT, "header ends inside a value");
	if (s != PT__OK)
		return pt__fail(e, PT_ERR_CORRUPT, "header: msgpack code %#x where a map belongs", r.code);
	if (n > pt__left(&r) / 2)
		return pt__fail(e, PT_ERR_CORRUPT, "header: a map declares %llu entries, %llu bytes remain",
				(unsigned long long)n, (unsigned long long)pt__left(&r));
	for (i = 0; i < n; i++) {
		known = -1;
		s = pt__str_len(&r, &klen);
		if (s == PT__TYPE) { /* not a string: skip the whole key as a value */
			r.p--;
			if (pt__skip(&r, 2, &msg) != PT__OK)
				return pt__fail(e, PT_ERR_CORRUPT, "header: %s", msg);
		} else if (s != PT__OK || klen > pt__left(&r)) {
			return pt__fail(e, PT_ERR_CORRUPT, "header ends inside a key");
		} else {
			for (j = 0; j < PT__NKEYS; j++)
				if (strlen(pt__keys[j]) == klen && memcmp(r.p, pt__keys[j], (size_t)klen) == 0)
					known = j;
			r.p += klen;
		}
		if (known < 0) {
			if (pt__skip(&r, 2, &msg) != PT__OK)
				return pt__fail(e, PT_ERR_CORRUPT, "header: %s", msg);
			continue;
		}
		if (seen & (1u << known))
			return pt__fail(e, PT_ERR_CORRUPT, "header: key \"%s\" twice", pt__keys[known]);
		seen |= 1u << known;
		if (pt__is_str_key(known)) {
			s = pt__str_len(&r, &k);
			if (s == PT__TYPE)
				return pt__fail(e, PT_ERR_CORRUPT, "header: %s: msgpack code %#x where a string belongs", pt__keys[known], r.code);
			if (s != PT__OK || k > pt__left(&r))
				return pt__fail(e, PT_ERR_CORRUPT, "header: %s ends inside its value", pt__keys[known]);
			h->str[known] = r.p, h->slen[known] = k;
			r.p += k;
		} else if (known == PT__K_NAMES) {
			if (r.p < r.end && *r.p == 0xc0) {
				r.p++;
				continue;
			}
			s = pt__array_len(&r, &k);
			if (s == PT__TYPE)
				return pt__fail(e, PT_ERR_CORRUPT, "header: names: msgpack code %#x where an array belongs", r.code);
			if (s != PT__OK)
				return pt__fail(e, PT_ERR_CORRUPT, "header: names ends inside its value");
			if (k > pt__left(&r))
				return pt__fail(e, PT_ERR_CORRUPT, "header: names: an array declares %llu elements, %llu bytes remain",
						(unsigned long long)k, (unsigned long long)pt__left(&r));
			h->names_array = 1, h->names_count = k, h->names_at = r.p;
			while (k--) {
				uint64_t sl;
				s = pt__str_len(&r, &sl);
				if (s == PT__TYPE)
					return pt__fail(e, PT_ERR_CORRUPT, "header: names: msgpack code %#x where a string belongs", r.code);
				if (s != PT__OK || sl > pt__left(&r))
					return pt__fail(e, PT_ERR_CORRUPT, "header: names ends inside a name");
				r.p += sl;
			}
		} else {
			uint64_t v = 0;
			s = pt__uint(&r, &v);
			if (s == PT__EOF)
				return pt__fail(e, PT_ERR_CORRUPT, "header: %s ends inside its value", pt__keys[known]);
			if (s == PT__NEG)
				return pt__fail(e, PT_ERR_CORRUPT, "header: %s: a negative integer", pt__keys[known]);
			if (s != PT__OK)
				return pt__fail(e, PT_ERR_CORRUPT, "header: %s: msgpack code %#x is not an integer", pt__keys[known], r.code);
			if (v > (uint64_t)INT64_MAX)
				return pt__fail(e, PT_ERR_CORRUPT, "header: %s: %llu is out of range", pt__keys[known], (unsigned long long)v);
			h->num[known] = v;
		}
	}
	if (r.p != r.end)
		return pt__fail(e, PT_ERR_CORRUPT, "header: %llu bytes after the map", (unsigned long long)pt__left(&r));
	return PT_OK;
}

/* Run encodings: which first_enc names which widths. A "b" (box) encoding
 * answers H_1 wherever the source's and target's bounding box is all open
 * cells, without reading the row (docs/FORMAT.md "Open-box wildcards"); a
 * "c" (component) encoding's rows wrap within their source's component,
 * and a target in another one has no path (docs/FORMAT.md "Rows that
 * cover their component"); a "j" encoding stores J, not H_7, in move 14,
 * and J_2, not H_6, in move 13
 * (docs/FORMAT.md "The jump move J"); a "runs12x4" encoding (n <= 4096)
 * stores a run as one little-endian uint16, start << 4 | move, its starts
 * checked at load (docs/FORMAT.md "12-bit run starts"). */
typedef struct {
	const char *name;
	int wide, nibble, symbols, wrap, box, comp, jump, packed;
} pt__enc;
#define PT__NENCS 52
static const pt__enc pt__encs[PT__NENCS] = {
	{"runs16x4", 0, 1, 0, 0, 0, 0, 0, 0}, {"runs16x8", 0, 0, 0, 0, 0, 0, 0, 0}, {"runs32x4", 1, 1, 0, 0, 0, 0, 0, 0}, {"runs32x8", 1, 0, 0, 0, 0, 0, 0, 0},
	{"runs16x4h", 0, 1, 1, 0, 0, 0, 0, 0}, {"runs32x4h", 1, 1, 1, 0, 0, 0, 0, 0}, {"runs32x8h", 1, 0, 1, 0, 0, 0, 0, 0},
	{"runs16x4hw", 0, 1, 1, 1, 0, 0, 0, 0}, {"runs32x4hw", 1, 1, 1, 1, 0, 0, 0, 0}, {"runs32x8hw", 1, 0, 1, 1, 0, 0, 0, 0},
	{"runs16x4hb", 0, 1, 1, 0, 1, 0, 0, 0}, {"runs32x4hb", 1, 1, 1, 0, 1, 0, 0, 0}, {"runs32x8hb", 1, 0, 1, 0, 1, 0, 0, 0},
	{"runs16x4hwb", 0, 1, 1, 1, 1, 0, 0, 0}, {"runs32x4hwb", 1, 1, 1, 1, 1, 0, 0, 0}, {"runs32x8hwb", 1, 0, 1, 1, 1, 0, 0, 0},
	{"runs16x4hc", 0, 1, 1, 1, 0, 1, 0, 0}, {"runs32x4hc", 1, 1, 1, 1, 0, 1, 0, 0}, {"runs32x8hc", 1, 0, 1, 1, 0, 1, 0, 0},
	{"runs16x4hcb", 0, 1, 1, 1, 1, 1, 0, 0}, {"runs32x4hcb", 1, 1, 1, 1, 1, 1, 0, 0}, {"runs32x8hcb", 1, 0, 1, 1, 1, 1, 0, 0},
	{"runs16x4hj", 0, 1, 1, 0, 0, 0, 1, 0}, {"runs32x4hj", 1, 1, 1, 0, 0, 0, 1, 0}, {"runs32x8hj", 1, 0, 1, 0, 0, 0, 1, 0},
	{"runs16x4hwj", 0, 1, 1, 1, 0, 0, 1, 0}, {"runs32x4hwj", 1, 1, 1, 1, 0, 0, 1, 0}, {"runs32x8hwj", 1, 0, 1, 1, 0, 0, 1, 0},
	{"runs16x4hbj", 0, 1, 1, 0, 1, 0, 1, 0}, {"runs32x4hbj", 1, 1, 1, 0, 1, 0, 1, 0}, {"runs32x8hbj", 1, 0, 1, 0, 1, 0, 1, 0},
	{"runs16x4hwbj", 0, 1, 1, 1, 1, 0, 1, 0}, {"runs32x4hwbj", 1, 1, 1, 1, 1, 0, 1, 0}, {"runs32x8hwbj", 1, 0, 1, 1, 1, 0, 1, 0},
	{"runs16x4hcj", 0, 1, 1, 1, 0, 1, 1, 0}, {"runs32x4hcj", 1, 1, 1, 1, 0, 1, 1, 0}, {"runs32x8hcj", 1, 0, 1, 1, 0, 1, 1, 0},
	{"runs16x4hcbj", 0, 1, 1, 1, 1, 1, 1, 0}, {"runs32x4hcbj", 1, 1, 1, 1, 1, 1, 1, 0}, {"runs32x8hcbj", 1, 0, 1, 1, 1, 1, 1, 0},
	{"runs12x4h", 0, 1, 1, 0, 0, 0, 0, 1}, {"runs12x4hw", 0, 1, 1, 1, 0, 0, 0, 1}, {"runs12x4hb", 0, 1, 1, 0, 1, 0, 0, 1},
	{"runs12x4hwb", 0, 1, 1, 1, 1, 0, 0, 1}, {"runs12x4hc", 0, 1, 1, 1, 0, 1, 0, 1}, {"runs12x4hcb", 0, 1, 1, 1, 1, 1, 0, 1},
	{"runs12x4hj", 0, 1, 1, 0, 0, 0, 1, 1}, {"runs12x4hwj", 0, 1, 1, 1, 0, 0, 1, 1}, {"runs12x4hbj", 0, 1, 1, 0, 1, 0, 1, 1},
	{"runs12x4hwbj", 0, 1, 1, 1, 1, 0, 1, 1}, {"runs12x4hcj", 0, 1, 1, 1, 0, 1, 1, 1}, {"runs12x4hcbj", 0, 1, 1, 1, 1, 1, 1, 1},
};

static int pt__jumps(pt_table *t, pt_error *e);

static int pt__dist_width(int kind) { return kind == PT__U16 ? 2 : kind == PT__U32 || kind == PT__O16 ? 4 : 8; }

/* Everything the header says, checked against itself (Header.validate and
 * the document checks of table/decode.go, in their order). */
typedef struct {
	int layout, grid, dkind, cells; /* cells: the document carries cells (version 3) */
	const pt__enc *enc;
	int64_t n, m, w, h;
	uint64_t lens[9]; /* the bins after the header, in document order */
	int nbins, empty, empty_n;
} pt__shape;

static int pt__validate(const pt__hdr *h, uint64_t version, uint64_t elements, pt__shape *sh, pt_error *e)
{
	static const char *kinds[6] = {"u16", "u32", "u64", "octile16", "octile32", "f64"};
	char q[80];
	int64_t n = (int64_t)h->num[PT__K_NODES], m = (int64_t)h->num[PT__K_EDGES];
	int64_t w = (int64_t)h->num[PT__K_WIDTH], ht = (int64_t)h->num[PT__K_HEIGHT];
	int64_t window = (int64_t)h->num[PT__K_WINDOW], runs = (int64_t)h->num[PT__K_RUNS];
	int64_t clearance = (int64_t)h->num[PT__K_CLEARANCE], row_bytes = (int64_t)h->num[PT__K_ROW_BYTES];
	int64_t connect = (int64_t)h->num[PT__K_CONNECT];
	int i, dw;
	uint64_t want;
	memset(sh, 0, sizeof *sh);
	sh->n = n, sh->m = m, sh->w = w, sh->h = ht;
#define PT__BAD(...) return pt__fail(e, PT_ERR_CORRUPT, __VA_ARGS__)
#define PT__Q(k) pt__show(q, sizeof q, h->str[k], h->slen[k])
	if (pt__streq(h, PT__K_LAYOUT, ""))
		sh->layout = PT_FLAT;
	else if (pt__streq(h, PT__K_LAYOUT, "runs"))
		sh->layout = PT_RUNS;
	else if (pt__streq(h, PT__K_LAYOUT, "window"))
		sh->layout = PT_WINDOW;
	else
		PT__BAD("unknown layout %s", PT__Q(PT__K_LAYOUT));
	sh->dkind = -1;
	for (i = 0; i < 6; i++)
		if (pt__streq(h, PT__K_DIST_KIND, kinds[i]))
			sh->dkind = i;
	if (sh->dkind < 0)
		PT__BAD("unknown distance encoding %s", PT__Q(PT__K_DIST_KIND));
	dw = pt__dist_width(sh->dkind);
	/* The layout's limits (PayloadSize). */
	if (sh->layout == PT_FLAT) {
		if (n > PT__MAXFLAT)
			PT__BAD("%lld nodes: a table holds at most %d", (long long)n, PT__MAXFLAT);
		if ((uint64_t)(n * n * dw) > PT__MAXPAYLOAD)
			PT__BAD("%lld nodes with %d-byte distances take %lld bytes of distances, over the 4 GiB - 1 a table payload holds",
				(long long)n, dw, (long long)(n * n * dw));
	} else if (sh->layout == PT_RUNS) {
		if (n > PT__MAXCELLS)
			PT__BAD("%lld nodes: a run-length table holds at most %d", (long long)n, PT__MAXCELLS);
		if ((uint64_t)runs > PT__MAXPAYLOAD / 4)
			PT__BAD("%lld runs: a run-length table holds at most %llu", (long long)runs, PT__MAXPAYLOAD / 4);
		if (h->slen[PT__K_FIRST_ENC] != 0) {
			for (i = 0; i < PT__NENCS; i++)
				if (pt__streq(h, PT__K_FIRST_ENC, pt__encs[i].name))
					sh->enc = &pt__encs[i];
			if (!sh->enc)
				PT__BAD("run-length table has unknown first-move encoding %s", PT__Q(PT__K_FIRST_ENC));
			if (!sh->enc->wide && n > 65536)
				PT__BAD("run-length table of %lld nodes has 16-bit starts (%s); they hold at most 65536", (long long)n, PT__Q(PT__K_FIRST_ENC));
			if (sh->enc->packed && n > 4096)
				PT__BAD("run-length table of %lld nodes has 12-bit starts (%s); they hold at most 4096", (long long)n, PT__Q(PT__K_FIRST_ENC));
		}
	} else {
		if (window < 1 || window > 127)
			PT__BAD("window half-width %lld: want 1 to 127", (long long)window);
		if (n > PT__MAXCELLS)
			PT__BAD("%lld nodes: a windowed table holds at most %d", (long long)n, PT__MAXCELLS);
		if ((uint64_t)n * (uint64_t)(((2 * window + 1) * (2 * window + 1) + 1) / 2) > PT__MAXPAYLOAD)
			PT__BAD("%lld nodes with windows of half-width %lld take over the 4 GiB - 1 a table payload holds", (long long)n, (long long)window);
	}
	/* The layout's own fields (layout.check). */
	if (sh->layout == PT_FLAT) {
		if (!pt__streq(h, PT__K_FIRST_ENC, "u8"))
			PT__BAD("unknown first-move encoding %s", PT__Q(PT__K_FIRST_ENC));
	} else if (sh->layout == PT_RUNS) {
		if (!sh->enc)
			PT__BAD("run-length table has first-move encoding %s, want one of the runs encodings", PT__Q(PT__K_FIRST_ENC));
		if (sh->enc->symbols && !pt__streq(h, PT__K_KIND, "grid"))
			PT__BAD("a %s table has first-move encoding %s, whose heuristic symbols only grid tables carry",
				pt__show(q, sizeof q, h->str[PT__K_KIND], h->slen[PT__K_KIND]), sh->enc->name);
	} else {
		if (!pt__streq(h, PT__K_FIRST_ENC, "window4"))
			PT__BAD("windowed table has first-move encoding %s, want \"window4\"", PT__Q(PT__K_FIRST_ENC));
		if (!pt__streq(h, PT__K_KIND, "grid"))
			PT__BAD("windowed table of kind %s: windows need a grid", PT__Q(PT__K_KIND));
	}
	if (sh->layout != PT_WINDOW && window != 0)
		PT__BAD("window %lld in a table of layout %s", (long long)window, PT__Q(PT__K_LAYOUT));
	if (sh->layout != PT_RUNS && runs != 0)
		PT__BAD("%lld runs in a table of layout %s", (long long)runs, PT__Q(PT__K_LAYOUT));
	if (m > n * PT__MAXDEGREE)
		PT__BAD("%lld edges for %lld nodes", (long long)m, (long long)n);
	/* The metric, and a distance encoding that holds it. */
	if (pt__streq(h, PT__K_METRIC, "int")) {
		if (sh->dkind != PT__U16 && sh->dkind != PT__U32 && sh->dkind != PT__U64)
			PT__BAD("metric \"int\" with distance encoding \"%s\"", kinds[sh->dkind]);
	} else if (pt__streq(h, PT__K_METRIC, "octile")) {
		if (sh->dkind != PT__O16 && sh->dkind != PT__O32 && sh->dkind != PT__F64)
			PT__BAD("metric \"octile\" with distance encoding \"%s\"", kinds[sh->dkind]);
	} else if (pt__streq(h, PT__K_METRIC, "float")) {
		if (sh->dkind != PT__F64)
			PT__BAD("metric \"float\" with distance encoding \"%s\"", kinds[sh->dkind]);
	} else
		PT__BAD("unknown metric %s", PT__Q(PT__K_METRIC));
	if (pt__streq(h, PT__K_KIND, "grid")) {
		sh->grid = 1;
		if (w <= 0 || ht <= 0 || w > PT__MAXCELLS || ht > PT__MAXCELLS || w * ht > PT__MAXCELLS)
			PT__BAD("grid size %lldx%lld", (long long)w, (long long)ht);
		if (h->names_array)
			PT__BAD("grid table has node names");
		if (connect != 4 && connect != 8)
			PT__BAD("grid connectivity %lld, want 4 or 8", (long long)connect);
		if (!pt__streq(h, PT__K_DIAGONAL, "sqrt2") && !pt__streq(h, PT__K_DIAGONAL, "10/14"))
			PT__BAD("grid diagonal %s, want \"sqrt2\" or \"10/14\"", PT__Q(PT__K_DIAGONAL));
		if (clearance == 1 || clearance > (w < ht ? w : ht))
			PT__BAD("clearance %lld on a %lldx%lld grid, want 2 to the grid's side (or none)", (long long)clearance, (long long)w, (long long)ht);
	} else if (pt__streq(h, PT__K_KIND, "graph")) {
		if (w != 0 || ht != 0 || connect != 0 || h->slen[PT__K_DIAGONAL] != 0 || clearance != 0)
			PT__BAD("graph table has grid fields (width %lld, height %lld, connect %lld, diagonal %s, clearance %lld)",
				(long long)w, (long long)ht, (long long)connect, PT__Q(PT__K_DIAGONAL), (long long)clearance);
		if ((int64_t)h->names_count != n)
			PT__BAD("graph table names %llu of %lld nodes", (unsigned long long)h->names_count, (long long)n);
		/* Duplicate names are found when the names are indexed. */
	} else
		PT__BAD("unknown kind %s", PT__Q(PT__K_KIND));
	sh->cells = sh->grid && version == 3;
	if (sh->layout == PT_RUNS && sh->enc->symbols && !sh->cells)
		PT__BAD("first-move encoding \"%s\" has heuristic symbols, which only grid tables of format 3 carry", sh->enc->name);
	if (sh->cells && sh->layout == PT_RUNS) {
		if (row_bytes != 1 && row_bytes != 2 && row_bytes != 4)
			PT__BAD("a run-length grid table of format 3 has row_bytes %lld, want 1, 2 or 4", (long long)row_bytes);
	} else if (row_bytes != 0)
		PT__BAD("row_bytes %lld in a table whose rows bin holds no run counts", (long long)row_bytes);
	if (version == 3 && !sh->grid)
		PT__BAD("a table of kind %s in a version 3 document, which only grids have", PT__Q(PT__K_KIND));
	if (version != 3 && (uint64_t)(sh->layout == PT_FLAT ? 1 : 2) != version)
		PT__BAD("layout %s in a version %llu document", PT__Q(PT__K_LAYOUT), (unsigned long long)version);
	want = (uint64_t)(3 + (sh->cells ? 3 : 7) + (sh->layout == PT_RUNS ? 3 : 2));
	if (elements != want)
		PT__BAD("a table of layout %s takes %llu elements, the document has %llu", PT__Q(PT__K_LAYOUT),
			(unsigned long long)want, (unsigned long long)elements);
	/* The lengths of the bins after the header. */
	i = 0;
	if (sh->cells) {
		sh->lens[i++] = (uint64_t)(w * ht + 7) / 8;
		sh->lens[i++] = (uint64_t)(n + 1) / 2;
		sh->empty = 1, sh->empty_n = 1;
	} else {
		sh->lens[i++] = 4 * (uint64_t)(n + 1);
		sh->lens[i++] = 4 * (uint64_t)m;
		sh->lens[i++] = 8 * (uint64_t)m;
		sh->lens[i++] = sh->grid ? 4 * (uint64_t)n : 0;
		sh->lens[i++] = 8 * (uint64_t)n;
		sh->lens[i++] = 8 * (uint64_t)n;
		sh->empty = 4, sh->empty_n = 2;
	}
	if (sh->layout == PT_FLAT) {
		sh->lens[i++] = (uint64_t)(n * n);
		sh->lens[i++] = (uint64_t)(n * n * dw);
	} else if (sh->layout == PT_WINDOW) {
		sh->lens[i++] = (uint64_t)n * (uint64_t)(((2 * window + 1) * (2 * window + 1) + 1) / 2);
		sh->lens[i++] = 0;
	} else {
		uint64_t sb = sh->enc->wide ? 4 : 2, mb = sh->enc->packed ? 0 : sh->enc->nibble ? 4 : 8;
		sh->lens[i++] = sb * (uint64_t)n;
		sh->lens[i++] = sh->cells ? (uint64_t)row_bytes * (uint64_t)n : 4 * (uint64_t)(n + 1);
		sh->lens[i++] = sb * (uint64_t)runs + (mb * (uint64_t)runs + 7) / 8;
	}
	sh->nbins = i;
	return PT_OK;
#undef PT__BAD
#undef PT__Q
}

static const char *const pt__graph_bins[9] = {"offsets", "targets", "weights", "cells", "x", "y", "", "", ""};
static const char *const pt__cell_bins[2] = {"open", "costs"};

static const char *pt__bin_name(const pt__shape *sh, int i)
{
	int level = sh->cells ? 2 : 6;
	if (i < level)
		return sh->cells ? pt__cell_bins[i] : pt__graph_bins[i];
	if (sh->layout == PT_RUNS)
		return i == level ? "order" : i == level + 1 ? "rows" : "runs";
	return i == level ? "first" : "dist";
}

/* ---- building the table ---------------------------------------------- */

/* pt__rebuild makes a version 3 table's graph from its cells (open bits,
 * costs: 4 bits a node or none), as internal/gridgraph.Build does, and
 * checks them: exactly n open cells, none past the grid, costs 1 to 9 with
 * 0 padding, the header's edge count. It keeps the cell index when the
 * grid is dense enough. O(W*H). */
static int pt__rebuild(pt_table *t, const pt__shape *sh, const uint8_t *open, uint64_t open_len, const uint8_t *costs,
		       uint64_t costs_len, int c1014, pt_error *e)
{
	int64_t w = sh->w, h = sh->h, cells = w * h, n = sh->n, c, u, count = 0, edges = 0, x, y;
	int32_t *node;
	int d, connect = t->info.connect;
	if (cells % 8 && open[open_len - 1] >> (cells % 8))
		return pt__fail(e, PT_ERR_CORRUPT, "open bits past the grid's %lld cells", (long long)cells);
	for (c = 0; c < (int64_t)open_len; c++)
		count += pt__popcount8(open[c]);
	if (count != n)
		return pt__fail(e, PT_ERR_CORRUPT, "%lld open cells for %lld nodes", (long long)count, (long long)n);
	if (costs_len && n % 2 && costs[costs_len - 1] >> 4)
		return pt__fail(e, PT_ERR_CORRUPT, "costs padding is %d, want 0", costs[costs_len - 1] >> 4);
	node = (int32_t *)pt__alloc(sizeof *node * (size_t)cells);
	t->cells = (int32_t *)pt__alloc(sizeof *t->cells * (size_t)n);
	t->offsets = (uint32_t *)pt__alloc(sizeof *t->offsets * (size_t)(n + 1));
	if (!node || !t->cells || !t->offsets) {
		PATHTABLE_FREE(node);
		return pt__fail(e, PT_ERR_NOMEM, "rebuilding the graph of %lld cells", (long long)cells);
	}
	for (c = 0, u = 0; c < cells; c++) {
		if (!(open[c >> 3] >> (c & 7) & 1)) {
			node[c] = -1;
			continue;
		}
		if (costs_len) {
			int k = costs[u / 2] >> (4 * (u % 2)) & 0xF;
			if (k == 0 || k > 9) {
				PATHTABLE_FREE(node);
				return pt__fail(e, PT_ERR_CORRUPT, "node %lld (cell %lld) costs %d, want 1 to 9", (long long)u, (long long)c, k);
			}
		}
		t->cells[u] = (int32_t)c;
		node[c] = (int32_t)u++;
	}
	/* Twice: count the edges, then write them. */
	for (d = 0; d < 2; d++) {
		if (d == 1) {
			if (edges != sh->m) {
				PATHTABLE_FREE(node);
				return pt__fail(e, PT_ERR_CORRUPT, "the cells make %lld edges, the header says %lld", (long long)edges, (long long)sh->m);
			}
			t->targets = (int32_t *)pt__alloc(sizeof *t->targets * (size_t)edges);
			t->weights = (double *)pt__alloc(sizeof *t->weights * (size_t)edges);
			if (!t->targets || !t->weights) {
				PATHTABLE_FREE(node);
				return pt__fail(e, PT_ERR_NOMEM, "rebuilding %lld edges", (long long)edges);
			}
		}
		edges = 0;
		for (u = 0; u < n; u++) {
			int dir;
			c = t->cells[u], x = c % w, y = c / w;
			if (d == 1)
				t->offsets[u] = (uint32_t)edges;
			for (dir = 0; dir < 8; dir++) {
				int diag = pt__dx[dir] && pt__dy[dir];
				int64_t nx = x + pt__dx[dir], ny = y + pt__dy[dir];
				if (diag && connect == 4)
					continue;
				if (nx < 0 || ny < 0 || nx >= w || ny >= h || node[ny * w + nx] < 0)
					continue;
				if (diag && (node[y * w + nx] < 0 || node[ny * w + x] < 0))
					continue; /* no corner cutting */
				if (d == 1) {
					int32_t v = node[ny * w + nx];
					int k = costs_len ? costs[v / 2] >> (4 * (v % 2)) & 0xF : 1;
					t->targets[edges] = v;
					t->weights[edges] = c1014 ? (double)(k * (diag ? 14 : 10)) : diag ? (double)k * PT__SQRT2 : (double)k;
				}
				edges++;
			}
		}
	}
	t->offsets[n] = (uint32_t)edges;
	/* The cell index lookup.New keeps: dense where the grid has at most
	 * 64 cells a node (plus 1024). */
	if (cells <= 64 * n + 1024)
		t->by_cell = node;
	else
		PATHTABLE_FREE(node);
	return PT_OK;
}

/* pt__graph decodes a version 1 or 2 document's graph bins into native
 * arrays and checks them as table.validateGraph does. O(V + E). */
static int pt__graph(pt_table *t, const pt__shape *sh, const uint8_t *const *bin, pt_error *e)
{
	int64_t n = sh->n, m = sh->m, u, i;
	t->offsets = (uint32_t *)pt__alloc(sizeof *t->offsets * (size_t)(n + 1));
	t->targets = (int32_t *)pt__alloc(sizeof *t->targets * (size_t)m);
	t->weights = (double *)pt__alloc(sizeof *t->weights * (size_t)m);
	if (sh->grid)
		t->cells = (int32_t *)pt__alloc(sizeof *t->cells * (size_t)n);
	if (!t->offsets || !t->targets || !t->weights || (sh->grid && !t->cells))
		return pt__fail(e, PT_ERR_NOMEM, "a graph of %lld nodes and %lld edges", (long long)n, (long long)m);
	for (u = 0; u <= n; u++)
		t->offsets[u] = pt__le32(bin[0] + 4 * u);
	for (i = 0; i < m; i++)
		t->targets[i] = (int32_t)pt__le32(bin[1] + 4 * i), t->weights[i] = pt__f64(bin[2] + 8 * i);
	if (t->offsets[0] != 0 || t->offsets[n] != (uint32_t)m)
		return pt__fail(e, PT_ERR_CORRUPT, "graph offsets do not match its %lld edges", (long long)m);
	for (u = 0; u < n; u++)
		if (t->offsets[u] > t->offsets[u + 1] || (int32_t)t->offsets[u + 1] < 0)
			return pt__fail(e, PT_ERR_CORRUPT, "graph offsets decrease at node %lld", (long long)u);
	for (i = 0; i < m; i++)
		if (t->targets[i] < 0 || t->targets[i] >= n)
			return pt__fail(e, PT_ERR_CORRUPT, "edge %lld points to node %d of %lld", (long long)i, t->targets[i], (long long)n);
	for (i = 0; i < m; i++)
		if (!(t->weights[i] >= 0) || isinf(t->weights[i]))
			return pt__fail(e, PT_ERR_CORRUPT, "edge %lld has cost %g: cost must be a finite number >= 0", (long long)i, t->weights[i]);
	for (u = 0; u < n; u++)
		if (t->offsets[u + 1] - t->offsets[u] > PT__MAXDEGREE)
			return pt__fail(e, PT_ERR_CORRUPT, "node %lld has out-degree %u", (long long)u, t->offsets[u + 1] - t->offsets[u]);
	for (u = 0; sh->grid && u < n; u++) {
		t->cells[u] = (int32_t)pt__le32(bin[3] + 4 * u);
		if ((u > 0 && t->cells[u] <= t->cells[u - 1]) || t->cells[u] < 0 || t->cells[u] >= sh->w * sh->h)
			return pt__fail(e, PT_ERR_CORRUPT, "node %lld has cell %d", (long long)u, t->cells[u]);
	}
	if (sh->grid && sh->w * sh->h <= 64 * n + 1024) {
		int64_t c, cells = sh->w * sh->h;
		if (!(t->by_cell = (int32_t *)pt__alloc(sizeof *t->by_cell * (size_t)cells)))
			return pt__fail(e, PT_ERR_NOMEM, "a cell index of %lld cells", (long long)cells);
		for (c = 0; c < cells; c++)
			t->by_cell[c] = -1;
		for (u = 0; u < n; u++)
			t->by_cell[t->cells[u]] = (int32_t)u;
	}
	return PT_OK;
}

/* pt__check_costs checks that every edge cost is what the metric says:
 * an integer below 2^31 ("int"), or k or k*sqrt2 for such a k ("octile"). */
static int pt__check_costs(const pt_table *t, int metric_int, int metric_octile, pt_error *e)
{
	int64_t i, m = (int64_t)t->offsets[t->n];
	for (i = 0; i < m; i++) {
		double w = t->weights[i], k;
		int whole = w == trunc(w) && w < 2147483648.0;
		if (metric_int && !whole)
			return pt__fail(e, PT_ERR_CORRUPT, "edge %lld has cost %.17g in a level of integer costs", (long long)i, w);
		if (metric_octile && !whole) {
			k = round(w / PT__SQRT2);
			if (!(k >= 0 && k < 2147483648.0 && k * PT__SQRT2 == w))
				return pt__fail(e, PT_ERR_CORRUPT, "edge %lld has cost %.17g, neither k nor k*sqrt2, in an octile level", (long long)i, w);
		}
	}
	return PT_OK;
}

/* pt__cmp_names orders graph nodes a and b by id bytes, then by index. */
static int pt__cmp_names(const pt_table *t, int32_t a, int32_t b)
{
	uint32_t la = t->name_len[a], lb = t->name_len[b];
	int c = memcmp(t->names[a], t->names[b], la < lb ? la : lb);
	if (c == 0)
		c = (la > lb) - (la < lb);
	return c ? c : (a > b) - (a < b);
}

/* pt__names indexes a graph's ids: their bytes in the file, and the nodes
 * sorted by id (a merge sort, O(n log n)), which also finds duplicates as
 * the Go decoder names them: the earliest node u whose id an earlier node
 * v has. */
static int pt__names(pt_table *t, const pt__hdr *h, pt_error *e)
{
	int32_t n = t->n, i, width, *tmp, *a, *b, dup_u = -1, dup_v = -1;
	pt__rd r;
	uint64_t len;
	char q[80];
	t->names = (const uint8_t **)pt__alloc(sizeof *t->names * (size_t)n);
	t->name_len = (uint32_t *)pt__alloc(sizeof *t->name_len * (size_t)n);
	t->by_name = (int32_t *)pt__alloc(sizeof *t->by_name * (size_t)n);
	tmp = (int32_t *)pt__alloc(sizeof *tmp * (size_t)n);
	if (!t->names || !t->name_len || !t->by_name || !tmp) {
		PATHTABLE_FREE(tmp);
		return pt__fail(e, PT_ERR_NOMEM, "indexing %d names", n);
	}
	r.p = h->names_at, r.end = h->names_at + 0xFFFFFFFFu; /* checked by pt__header */
	for (i = 0; i < n; i++) {
		pt__str_len(&r, &len);
		t->names[i] = r.p, t->name_len[i] = (uint32_t)len;
		r.p += len;
		t->by_name[i] = i;
	}
	for (width = 1, a = t->by_name, b = tmp; width < n; width *= 2) {
		int32_t lo, *s;
		for (lo = 0; lo < n; lo += 2 * width) {
			int32_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
			int32_t x = lo, y = mid, k = lo;
			while (x < mid && y < hi)
				b[k++] = pt__cmp_names(t, a[x], a[y]) <= 0 ? a[x++] : a[y++];
			while (x < mid)
				b[k++] = a[x++];
			while (y < hi)
				b[k++] = a[y++];
		}
		s = a, a = b, b = s;
	}
	if (a != t->by_name)
		memcpy(t->by_name, a, sizeof *a * (size_t)n);
	PATHTABLE_FREE(tmp);
	for (i = 1; i < n; i++) {
		int32_t x = t->by_name[i - 1], y = t->by_name[i];
		if (t->name_len[x] != t->name_len[y] || memcmp(t->names[x], t->names[y], t->name_len[x]) != 0)
			continue;
		/* Only the second of a run of equal ids: the run's two earliest. */
		if (i >= 2 && t->name_len[t->by_name[i - 2]] == t->name_len[x] &&
		    memcmp(t->names[t->by_name[i - 2]], t->names[x], t->name_len[x]) == 0)
			continue;
		if (dup_u < 0 || y < dup_u)
			dup_u = y, dup_v = x;
	}
	if (dup_u >= 0)
		return pt__fail(e, PT_ERR_CORRUPT, "nodes %d and %d have the same name %s", dup_v, dup_u,
				pt__show(q, sizeof q, t->names[dup_u], t->name_len[dup_u]));
	return PT_OK;
}

/* pt__hop_array lays out each node's out-edge targets at a power-of-two
 * stride, -1 past its degree, as lookup's hop array does: a path step is
 * then the move and one load. O(V * stride). */
static int pt__hop_array(pt_table *t, pt_error *e)
{
	int32_t u, n = t->n;
	uint32_t maxdeg = 0, m;
	size_t stride;
	for (u = 0; u < n; u++)
		if (t->offsets[u + 1] - t->offsets[u] > maxdeg)
			maxdeg = t->offsets[u + 1] - t->offsets[u];
	for (t->shift = 0; (1u << t->shift) < maxdeg; t->shift++)
		;
	stride = (size_t)1 << t->shift;
	if (!(t->hops = (int32_t *)pt__alloc(sizeof *t->hops * stride * (size_t)n)))
		return pt__fail(e, PT_ERR_NOMEM, "a hop array of %d nodes", n);
	for (u = 0; u < n; u++)
		for (m = 0; m < stride; m++)
			t->hops[(size_t)u * stride + m] = t->offsets[u] + m < t->offsets[u + 1] ? t->targets[t->offsets[u] + m] : -1;
	return PT_OK;
}

/* pt__boxes lays out, for a b encoding, the summed-area table of open
 * cells: boxes[y*(W+1) + x] counts the nodes in [0,x) x [0,y), so that
 * pt__box_open is O(1). One allocation of (W+1)(H+1) uint32, O(W*H); the
 * file's open bin holds W*H/8 bytes, so it is a fixed multiple of that. */
static int pt__boxes(pt_table *t, pt_error *e)
{
	uint64_t w1 = (uint64_t)t->info.width + 1, h1 = (uint64_t)t->info.height + 1, x, y, i;
	uint32_t *s;
	int32_t u;
	if (w1 * h1 > SIZE_MAX / sizeof *s)
		return pt__fail(e, PT_ERR_NOMEM, "the open boxes of a %dx%d grid", t->info.width, t->info.height);
	if (!(s = t->boxes = (uint32_t *)pt__alloc(sizeof *s * (size_t)(w1 * h1))))
		return pt__fail(e, PT_ERR_NOMEM, "the open boxes of a %dx%d grid", t->info.width, t->info.height);
	memset(s, 0, sizeof *s * (size_t)(w1 * h1));
	for (u = 0; u < t->n; u++) {
		x = (uint64_t)(t->cells[u] % t->info.width), y = (uint64_t)(t->cells[u] / t->info.width);
		s[(y + 1) * w1 + x + 1] = 1;
	}
	/* Counts stay below 2^24 (W*H is at most that); the subtraction
	 * wraps in uint32 and comes back. */
	for (y = 1; y < h1; y++)
		for (x = 1, i = y * w1 + 1; x < w1; x++, i++)
			s[i] += s[i - w1] + s[i - 1] - s[i - w1 - 1];
	return PT_OK;
}

/* pt__box_open reports whether every cell of the bounding box of the
 * cells of ranks r and tr is a node: then H_1 is a shortest path's first
 * move from r toward tr (an octile or Manhattan straight path lies in the
 * box, and H_1 keeps it there). O(1). */
static int pt__box_open(const pt_table *t, int32_t r, int32_t tr)
{
	const uint32_t *s = t->boxes;
	size_t w1 = (size_t)t->info.width + 1;
	int32_t ax = t->rxy[2 * r], ay = t->rxy[2 * r + 1], bx = t->rxy[2 * tr], by = t->rxy[2 * tr + 1];
	size_t x0 = (size_t)(ax < bx ? ax : bx), x1 = (size_t)(ax < bx ? bx : ax) + 1;
	size_t y0 = (size_t)(ay < by ? ay : by), y1 = (size_t)(ay < by ? by : ay) + 1;
	uint32_t open = s[y1 * w1 + x1] - s[y0 * w1 + x1] - s[y1 * w1 + x0] + s[y0 * w1 + x0];
	return open == (uint32_t)((x1 - x0) * (y1 - y0));
}

/* pt__comps labels, for a c encoding, each rank with its component's first
 * rank: union-find over the edges, taken either way, then one pass by
 * rank that refuses a component whose ranks are not consecutive. */
static int pt__comps(pt_table *t, pt_error *e)
{
	int32_t n = t->n, u, r, prev = -1, *root, *c;
	uint32_t k;
	uint8_t *seen;
	root = (int32_t *)pt__alloc(sizeof *root * (size_t)n + 1);
	seen = (uint8_t *)pt__alloc((size_t)n + 1);
	c = t->rcomp = (int32_t *)pt__alloc(sizeof *c * (size_t)n + 1);
	if (!root || !seen || !c) {
		PATHTABLE_FREE(root);
		PATHTABLE_FREE(seen);
		return pt__fail(e, PT_ERR_NOMEM, "the components of %d nodes", n);
	}
	for (u = 0; u < n; u++)
		root[u] = u, seen[u] = 0;
	for (u = 0; u < n; u++)
		for (k = t->offsets[u]; k < t->offsets[u + 1]; k++) {
			int32_t a = u, b = t->targets[k];
			while (root[a] != a)
				a = root[a] = root[root[a]];
			while (root[b] != b)
				b = root[b] = root[root[b]];
			if (a != b)
				root[a > b ? a : b] = a < b ? a : b;
		}
	for (r = 0; r < n; r++) {
		int32_t a = t->order[r];
		while (root[a] != a)
			a = root[a] = root[root[a]];
		if (a == prev) {
			c[r] = c[r - 1];
			continue;
		}
		if (seen[a]) {
			PATHTABLE_FREE(root);
			PATHTABLE_FREE(seen);
			return pt__fail(e, PT_ERR_CORRUPT, "order: the component of node %d comes back at rank %d after other nodes; its ranks must be consecutive", t->order[r], r);
		}
		seen[a] = 1, c[r] = r, prev = a;
	}
	PATHTABLE_FREE(root);
	PATHTABLE_FREE(seen);
	return PT_OK;
}

/* pt__check_packed checks a 12-bit table's runs: in each row the starts
 * increase and lie below the nodes. O(runs). */
static int pt__check_packed(const pt_table *t, pt_error *e)
{
	int32_t r;
	for (r = 0; r < t->n; r++) {
		int32_t prev = -1;
		uint32_t i;
		for (i = t->row_start[r]; i < t->row_start[r + 1]; i++) {
			int32_t start = (int32_t)(pt__le16(t->starts + 2 * (size_t)i) >> 4);
			if (start >= t->n)
				return pt__fail(e, PT_ERR_CORRUPT, "runs: run %u, of the row of rank %d, starts at rank %d of %d nodes", i, r, start, t->n);
			if (start <= prev)
				return pt__fail(e, PT_ERR_CORRUPT, "runs: run %u, of the row of rank %d, starts at rank %d, not after the run before it (%d)",
						i, r, start, prev);
			prev = start;
		}
	}
	return PT_OK;
}

/* pt__runs decodes a run-length table's order (a permutation) and rows
 * (version 2: n+1 row starts spanning the runs; version 3: n run counts
 * summing to them), and lays out the walk in rank space. O(V * stride). */
static int pt__runs(pt_table *t, const pt__shape *sh, int64_t row_bytes, const uint8_t *order, const uint8_t *rows,
		    const uint8_t *runs, pt_error *e)
{
	int32_t n = t->n, r, u;
	int rc;
	int64_t nruns = t->info.runs;
	size_t stride = (size_t)1 << t->shift, m;
	t->wide = sh->enc->wide, t->nibble = sh->enc->nibble, t->symbols = sh->enc->symbols, t->wrap = sh->enc->wrap;
	t->packed = sh->enc->packed;
	t->starts = runs, t->moves = runs + (t->wide ? 4 : 2) * (size_t)nruns;
	t->row_start = (uint32_t *)pt__alloc(sizeof *t->row_start * (size_t)(n + 1));
	t->order = (int32_t *)pt__alloc(sizeof *t->order * (size_t)n);
	t->rank = (int32_t *)pt__alloc(sizeof *t->rank * (size_t)n);
	if (!t->row_start || !t->order || !t->rank)
		return pt__fail(e, PT_ERR_NOMEM, "the ranks of %d nodes", n);
	if (sh->cells) {
		uint64_t sum = 0;
		t->row_start[0] = 0;
		for (r = 0; r < n; r++) {
			sum += row_bytes == 1 ? rows[r] : row_bytes == 2 ? pt__le16(rows + 2 * (size_t)r) : pt__le32(rows + 4 * (size_t)r);
			if (sum > (uint64_t)nruns)
				return pt__fail(e, PT_ERR_CORRUPT, "rows: the rows up to row %d hold %llu runs, more than the table's %lld", r,
						(unsigned long long)sum, (long long)nruns);
			t->row_start[r + 1] = (uint32_t)sum;
		}
		if (sum != (uint64_t)nruns)
			return pt__fail(e, PT_ERR_CORRUPT, "rows do not span the %lld runs: they hold %llu", (long long)nruns, (unsigned long long)sum);
	} else {
		if (pt__le32(rows) != 0 || pt__le32(rows + 4 * (size_t)n) != (uint64_t)nruns)
			return pt__fail(e, PT_ERR_CORRUPT, "rows do not span the %lld runs", (long long)nruns);
		for (r = 0; r <= n; r++)
			t->row_start[r] = pt__le32(rows + 4 * (size_t)r);
		for (r = 0; r < n; r++)
			if (t->row_start[r] > t->row_start[r + 1])
				return pt__fail(e, PT_ERR_CORRUPT, "row %d ends before it starts", r);
	}
	for (u = 0; u < n; u++)
		t->rank[u] = -1;
	for (r = 0; r < n; r++) {
		uint32_t v = t->wide ? pt__le32(order + 4 * (size_t)r) : pt__le16(order + 2 * (size_t)r);
		if ((int32_t)v < 0 || (int64_t)v >= n || t->rank[v] >= 0)
			return pt__fail(e, PT_ERR_CORRUPT, "order: rank %d names node %d, not a permutation of %d nodes", r, (int32_t)v, n);
		t->order[r] = (int32_t)v, t->rank[v] = r;
	}
	if (t->packed && (rc = pt__check_packed(t, e)) != PT_OK)
		return rc;
	if (!(t->rhops = (int32_t *)pt__alloc(sizeof *t->rhops * stride * (size_t)n)))
		return pt__fail(e, PT_ERR_NOMEM, "a hop array of %d nodes", n);
	for (r = 0; r < n; r++)
		for (m = 0; m < stride; m++) {
			int32_t v = t->hops[(size_t)t->order[r] * stride + m];
			t->rhops[(size_t)r * stride + m] = v >= 0 ? t->rank[v] : -1;
		}
	if (t->symbols) {
		/* Each rank's moves as directions: a version 3 grid's slots go to
		 * distinct neighbouring cells in increasing direction code, which
		 * is what the symbols rank. */
		t->rdirs = (uint8_t *)pt__alloc((size_t)n);
		t->rxy = (int32_t *)pt__alloc(sizeof *t->rxy * 2 * (size_t)n);
		if (!t->rdirs || !t->rxy)
			return pt__fail(e, PT_ERR_NOMEM, "the moves of %d nodes", n);
		for (r = 0; r < n; r++) {
			int32_t s = t->order[r], cs = t->cells[s];
			uint32_t k;
			unsigned mask = 0;
			int last = -1;
			t->rxy[2 * r] = cs % t->info.width, t->rxy[2 * r + 1] = cs / t->info.width;
			for (k = t->offsets[s]; k < t->offsets[s + 1]; k++) {
				int32_t cv = t->cells[t->targets[k]], d, dir = -1;
				int ddx = cv % t->info.width - cs % t->info.width, ddy = cv / t->info.width - cs / t->info.width;
				for (d = 0; d < 8; d++)
					if (pt__dx[d] == ddx && pt__dy[d] == ddy)
						dir = d;
				if (dir <= last)
					return pt__fail(e, PT_ERR_CORRUPT, "node %d has moves that are not distinct unit moves, which heuristic symbols need", s);
				mask |= 1u << dir, last = dir;
			}
			t->rdirs[r] = (uint8_t)mask;
		}
		if (sh->enc->jump && (rc = pt__jumps(t, e)) != PT_OK)
			return rc;
	}
	if (sh->enc->comp && (rc = pt__comps(t, e)) != PT_OK)
		return rc;
	if (sh->enc->box)
		return pt__boxes(t, e);
	return PT_OK;
}

/* pt__window lays out, for each node, its first out-edge in each of the
 * eight directions (-1 where none): a windowed walk moves by direction.
 * O(V + E). */
static int pt__window(pt_table *t, pt_error *e)
{
	int32_t u, n = t->n, w = t->info.width;
	uint32_t k;
	int d;
	if (!(t->whops = (int32_t *)pt__alloc(sizeof *t->whops * 8 * (size_t)n)))
		return pt__fail(e, PT_ERR_NOMEM, "the moves of %d nodes", n);
	for (u = 0; u < n; u++) {
		int32_t cu = t->cells[u];
		for (d = 0; d < 8; d++)
			t->whops[8 * (size_t)u + d] = -1;
		for (k = t->offsets[u + 1]; k-- > t->offsets[u];) { /* backward: the first edge of a direction wins */
			int32_t cv = t->cells[t->targets[k]];
			for (d = 0; d < 8; d++)
				if (cv % w - cu % w == pt__dx[d] && cv / w - cu / w == pt__dy[d])
					t->whops[8 * (size_t)u + d] = (int32_t)k;
		}
	}
	return PT_OK;
}

/* pt__strings copies the header's strings into storage the table owns. */
static int pt__strings(pt_table *t, const pt__hdr *h, pt_error *e)
{
	static const int keys[8] = {PT__K_METRIC, PT__K_DIST_KIND, PT__K_FIRST_ENC, PT__K_DIAGONAL, PT__K_MODEL, PT__K_SOURCE,
				    PT__K_FORMAT, PT__K_INPUT_HASH};
	const char **dst[8];
	size_t total = 0, at = 0, k, len;
	int i;
	dst[0] = &t->info.metric, dst[1] = &t->info.dist_kind, dst[2] = &t->info.first_enc, dst[3] = &t->info.diagonal;
	dst[4] = &t->info.model, dst[5] = &t->info.source, dst[6] = &t->info.format, dst[7] = &t->info.input_hash;
	for (i = 0; i < 8; i++)
		total += (h->slen[keys[i]] < 255 ? (size_t)h->slen[keys[i]] : 255) + 1;
	if (!(t->strings = (char *)pt__alloc(total)))
		return pt__fail(e, PT_ERR_NOMEM, "the header's strings");
	for (i = 0; i < 8; i++) {
		k = (size_t)keys[i];
		len = h->slen[k] < 255 ? (size_t)h->slen[k] : 255;
		if (len)
			memcpy(t->strings + at, h->str[k], len);
		t->strings[at + len] = 0;
		*dst[i] = t->strings + at;
		at += len + 1;
	}
	return PT_OK;
}

/* ---- opening --------------------------------------------------------- */

static int pt__read_error(pt_error *e, const char *what, int s, const pt__rd *r)
{
	if (s == PT__EOF)
		return pt__fail(e, PT_ERR_TRUNCATED, "reading %s: unexpected EOF", what);
	if (s == PT__NEG)
		return pt__fail(e, PT_ERR_CORRUPT, "%s: a negative integer", what);
	return pt__fail(e, PT_ERR_CORRUPT, "%s: msgpack code %#x where %s belongs", what, r->code,
			strcmp(what, "checksum") == 0 || strcmp(what, "version") == 0 ? "an integer" : "a bin");
}

static int pt__open(pt_table *t, const uint8_t *data, size_t size, pt_error *e)
{
	pt__rd r;
	pt__hdr h;
	pt__shape sh;
	pt__crc crc;
	uint64_t elements, version, len, sum;
	const uint8_t *header, *bin[9];
	uint64_t blen[9];
	int s, i;
	char what[40];
	r.p = data, r.end = data + size, r.code = 0;
	/* The opening: an array of at least 2 opened by the magic. */
	if (pt__array_len(&r, &elements) != PT__OK || elements < 2)
		return pt__fail(e, PT_ERR_NOT_TABLE, NULL);
	if (pt__str_len(&r, &len) != PT__OK || len != 8 || pt__left(&r) < 8)
		return pt__fail(e, PT_ERR_NOT_TABLE, NULL);
	if (memcmp(r.p, "PATHPART", 8) == 0)
		return pt__fail(e, PT_ERR_PART, NULL);
	if (memcmp(r.p, "PATHTABL", 8) != 0)
		return pt__fail(e, PT_ERR_NOT_TABLE, NULL);
	r.p += 8;
	if ((s = pt__uint(&r, &version)) != PT__OK)
		return pt__read_error(e, "version", s, &r);
	if (version < 1 || version > 3)
		return pt__fail(e, PT_ERR_VERSION, "%llu (this reader reads 1, 2 and 3)", (unsigned long long)version);
	if (version == 1 ? elements != 12 : version == 2 ? elements != 13 && elements != 12 : elements != 8 && elements != 9)
		return pt__fail(e, PT_ERR_CORRUPT, "document has %llu elements, want %s", (unsigned long long)elements,
				version == 1 ? "12" : version == 2 ? "13 or 12" : "8 or 9");
	if ((s = pt__bin_len(&r, &len)) != PT__OK)
		return pt__read_error(e, "header length", s, &r);
	if (len > pt__left(&r))
		return pt__fail(e, PT_ERR_TRUNCATED, "header: %llu bytes declared, %llu remain", (unsigned long long)len,
				(unsigned long long)pt__left(&r));
	header = r.p, r.p += len;
	if ((s = pt__header(header, len, &h, e)) != PT_OK)
		return s;
	if ((s = pt__validate(&h, version, elements, &sh, e)) != PT_OK)
		return s;
	/* The bins: each length against the header's before it is read,
	 * then the bytes that remain; the checksum over their contents. */
	pt__crc_init(&crc);
	pt__crc_add(&crc, header, (size_t)len);
	for (i = 0; i < sh.nbins; i++) {
		const char *name = pt__bin_name(&sh, i);
		snprintf(what, sizeof what, "%s length", name);
		if ((s = pt__bin_len(&r, &len)) != PT__OK)
			return pt__read_error(e, what, s, &r);
		if (i == sh.empty && len == 0) {
			int j;
			for (j = i + 1; j < i + sh.empty_n; j++)
				sh.lens[j] = 0;
		} else if (len != sh.lens[i])
			return pt__fail(e, PT_ERR_CORRUPT, "%s has %llu bytes, want %llu for %lld nodes and %lld edges", name,
					(unsigned long long)len, (unsigned long long)sh.lens[i], (long long)sh.n, (long long)sh.m);
		if (len > pt__left(&r))
			return pt__fail(e, PT_ERR_TRUNCATED, "%s: %llu bytes declared, %llu remain", name, (unsigned long long)len,
					(unsigned long long)pt__left(&r));
		bin[i] = r.p, blen[i] = len;
		pt__crc_add(&crc, r.p, (size_t)len);
		r.p += len;
	}
	if ((s = pt__uint(&r, &sum)) != PT__OK)
		return pt__read_error(e, "checksum", s, &r);
	if (sum > 0xFFFFFFFFu)
		return pt__fail(e, PT_ERR_CORRUPT, "checksum %llu is over 32 bits", (unsigned long long)sum);
	if ((uint32_t)sum != ~crc.crc)
		return pt__fail(e, PT_ERR_CHECKSUM, "stored %08x, computed %08x", (unsigned)sum, (unsigned)~crc.crc);
	if (r.p != r.end)
		return pt__fail(e, PT_ERR_CORRUPT, "%llu bytes after the checksum", (unsigned long long)pt__left(&r));
	/* A b encoding is exact only where every cell costs 1 (validate has
	 * already held it to a version 3 grid: it has symbols). */
	if (sh.layout == PT_RUNS && sh.enc->box && blen[1] != 0)
		return pt__fail(e, PT_ERR_CORRUPT, "first-move encoding \"%s\" answers open boxes by H_1, which needs every cell to cost 1, and the costs bin has %llu bytes",
				sh.enc->name, (unsigned long long)blen[1]);

	/* The table: the header's figures, the graph, the layout. */
	t->info.version = (int)version, t->info.layout = sh.layout, t->info.kind = sh.grid ? PT_GRID : PT_GRAPH;
	t->n = t->info.nodes = (int32_t)sh.n, t->info.edges = sh.m;
	t->info.width = (int32_t)sh.w, t->info.height = (int32_t)sh.h, t->info.connect = (int)h.num[PT__K_CONNECT];
	t->info.window = (int)h.num[PT__K_WINDOW], t->info.clearance = (int)h.num[PT__K_CLEARANCE];
	t->info.runs = (int64_t)h.num[PT__K_RUNS];
	if ((s = pt__strings(t, &h, e)) != PT_OK)
		return s;
	if (sh.cells)
		s = pt__rebuild(t, &sh, bin[0], blen[0], bin[1], blen[1], pt__streq(&h, PT__K_DIAGONAL, "10/14"), e);
	else
		s = pt__graph(t, &sh, bin, e);
	if (s != PT_OK)
		return s;
	if ((sh.cells ? pt__streq(&h, PT__K_METRIC, "int") : 1) &&
	    (s = pt__check_costs(t, pt__streq(&h, PT__K_METRIC, "int"), pt__streq(&h, PT__K_METRIC, "octile"), e)) != PT_OK)
		return s;
	if (!sh.grid && (s = pt__names(t, &h, e)) != PT_OK)
		return s;
	t->sum_mode = pt__streq(&h, PT__K_METRIC, "int") ? PT__SUM_INT
		      : pt__streq(&h, PT__K_METRIC, "octile") && (sh.dkind == PT__O16 || sh.dkind == PT__O32) ? PT__SUM_OCTILE
											       : PT__SUM_FLOAT;
	t->dkind = sh.dkind;
	i = sh.cells ? 2 : 6; /* the payload bins */
	if (sh.layout == PT_WINDOW) {
		t->delta = t->info.window, t->side = 2 * t->delta + 1;
		t->block_bytes = (size_t)(t->side * t->side + 1) / 2;
		t->blocks = bin[i];
		return pt__window(t, e);
	}
	if ((s = pt__hop_array(t, e)) != PT_OK)
		return s;
	if (sh.layout == PT_FLAT) {
		t->first = bin[i], t->dist = bin[i + 1];
		return PT_OK;
	}
	return pt__runs(t, &sh, (int64_t)h.num[PT__K_ROW_BYTES], bin[i], bin[i + 1], bin[i + 2], e);
}

void pt_close(pt_table *t)
{
	if (!t)
		return;
	PATHTABLE_FREE(t->strings);
	PATHTABLE_FREE(t->owned);
	PATHTABLE_FREE(t->offsets);
	PATHTABLE_FREE(t->targets);
	PATHTABLE_FREE(t->weights);
	PATHTABLE_FREE(t->cells);
	PATHTABLE_FREE((void *)t->names);
	PATHTABLE_FREE(t->name_len);
	PATHTABLE_FREE(t->by_name);
	PATHTABLE_FREE(t->by_cell);
	PATHTABLE_FREE(t->hops);
	PATHTABLE_FREE(t->order);
	PATHTABLE_FREE(t->rank);
	PATHTABLE_FREE(t->rhops);
	PATHTABLE_FREE(t->row_start);
	PATHTABLE_FREE(t->rdirs);
	PATHTABLE_FREE(t->rjump);
	PATHTABLE_FREE(t->rxy);
	PATHTABLE_FREE(t->boxes);
	PATHTABLE_FREE(t->rcomp);
	PATHTABLE_FREE(t->whops);
	PATHTABLE_FREE(t);
}

pt_table *pt_open_memory(const void *data, size_t size, pt_error *err)
{
	pt_error local;
	pt_table *t = (pt_table *)pt__alloc(sizeof *t);
	if (!err)
		err = &local;
	if (!t) {
		pt__fail(err, PT_ERR_NOMEM, "a table");
		return NULL;
	}
	memset(t, 0, sizeof *t);
	err->code = PT_OK, err->message[0] = 0;
	if (pt__open(t, (const uint8_t *)data, size, err) != PT_OK) {
		pt_close(t);
		return NULL;
	}
	return t;
}

pt_table *pt_open_file(const char *path, pt_error *err)
{
	pt_error local;
	FILE *f;
	long size;
	uint8_t *data;
	pt_table *t;
	if (!err)
		err = &local;
	if (!(f = fopen(path, "rb"))) {
		pt__fail(err, PT_ERR_IO, NULL);
		snprintf(err->message, sizeof err->message, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		pt__fail(err, PT_ERR_IO, NULL);
		snprintf(err->message, sizeof err->message, "%s: cannot read its size", path);
		return NULL;
	}
	if (!(data = (uint8_t *)pt__alloc((size_t)size))) {
		fclose(f);
		pt__fail(err, PT_ERR_NOMEM, NULL);
		snprintf(err->message, sizeof err->message, "%s: out of memory for %ld bytes", path, size);
		return NULL;
	}
	if (fread(data, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		PATHTABLE_FREE(data);
		pt__fail(err, PT_ERR_IO, NULL);
		snprintf(err->message, sizeof err->message, "%s: cannot read", path);
		return NULL;
	}
	fclose(f);
	if (!(t = pt_open_memory(data, (size_t)size, err))) {
		size_t pl = strlen(path) < 120 ? strlen(path) : 120;
		PATHTABLE_FREE(data);
		memmove(err->message + pl + 2, err->message, sizeof err->message - pl - 2);
		err->message[sizeof err->message - 1] = 0;
		memcpy(err->message, path, pl);
		err->message[pl] = ':', err->message[pl + 1] = ' ';
		return NULL;
	}
	t->owned = data;
	return t;
}

/* ---- queries --------------------------------------------------------- */

const pt_info *pt_info_of(const pt_table *t) { return &t->info; }

int32_t pt_len(const pt_table *t) { return t->n; }

static int pt__valid(const pt_table *t, int32_t u) { return u >= 0 && u < t->n; }

/* pt__node_of_cell returns the node at cell c (inside the grid), or -1. */
static int32_t pt__node_of_cell(const pt_table *t, int64_t c)
{
	int32_t lo = 0, hi = t->n;
	if (t->by_cell)
		return t->by_cell[c];
	while (lo < hi) {
		int32_t mid = lo + (hi - lo) / 2;
		if (t->cells[mid] < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->cells[lo] == c ? lo : -1;
}

int32_t pt_node_at(const pt_table *t, int64_t x, int64_t y)
{
	if (t->info.kind != PT_GRID || x < 0 || y < 0 || x >= t->info.width || y >= t->info.height)
		return PT_NONE;
	return pt__node_of_cell(t, y * t->info.width + x);
}

int pt_xy(const pt_table *t, int32_t u, int32_t *x, int32_t *y)
{
	if (t->info.kind != PT_GRID || !pt__valid(t, u))
		return 0;
	*x = t->cells[u] % t->info.width, *y = t->cells[u] / t->info.width;
	return 1;
}

int32_t pt_node_named(const pt_table *t, const char *name, size_t len)
{
	int32_t lo = 0, hi = t->n;
	if (t->info.kind != PT_GRAPH)
		return PT_NONE;
	while (lo < hi) { /* the first id >= name */
		int32_t mid = lo + (hi - lo) / 2, u = t->by_name[mid];
		size_t l = t->name_len[u];
		int c = memcmp(t->names[u], name, l < len ? l : len);
		if (c == 0)
			c = (l > len) - (l < len);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->n && t->name_len[t->by_name[lo]] == len && memcmp(t->names[t->by_name[lo]], name, len) == 0)
		return t->by_name[lo];
	return PT_NONE;
}

const char *pt_name_ref(const pt_table *t, int32_t u, size_t *len)
{
	if (t->info.kind != PT_GRAPH || !pt__valid(t, u))
		return NULL;
	*len = t->name_len[u];
	return (const char *)t->names[u];
}

size_t pt_name(const pt_table *t, int32_t u, char *buf, size_t cap)
{
	int32_t x, y;
	size_t len;
	const char *s;
	if (pt_xy(t, u, &x, &y)) {
		int k = snprintf(buf, cap, "%d,%d", x, y);
		return k > 0 ? (size_t)k : 0;
	}
	if (!(s = pt_name_ref(t, u, &len)))
		return 0;
	if (cap > 0) {
		size_t k = len < cap - 1 ? len : cap - 1;
		memcpy(buf, s, k);
		buf[k] = 0;
	}
	return len;
}

/* pt__quote writes s as Go's strconv.Quote does, cut at 40 bytes as the
 * CLI's messages are. */
static const char *pt__quote(char *buf, size_t cap, const char *s, size_t n)
{
	size_t j = 0, i, lim = n > 40 ? 40 : n;
	buf[j++] = '"';
	for (i = 0; i < lim && j + 8 < cap; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *esc = c == '\a' ? "\\a" : c == '\b' ? "\\b" : c == '\f' ? "\\f" : c == '\n' ? "\\n" : c == '\r' ? "\\r"
				  : c == '\t' ? "\\t" : c == '\v' ? "\\v" : c == '"' ? "\\\"" : c == '\\' ? "\\\\" : NULL;
		if (esc)
			buf[j++] = esc[0], buf[j++] = esc[1];
		else if (c < 0x20 || c == 0x7f)
			j += (size_t)snprintf(buf + j, cap - j, "\\x%02x", c);
		else if (c < 0x80)
			buf[j++] = (char)c;
		else { /* UTF-8: a whole valid sequence as it is, else \x */
			size_t k = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0, q;
			int ok = k > 0 && i + k <= lim;
			for (q = 1; ok && q < k; q++)
				ok = ((unsigned char)s[i + q] & 0xC0) == 0x80;
			if (ok && j + k + 2 < cap) {
				memcpy(buf + j, s + i, k), j += k, i += k - 1;
			} else
				j += (size_t)snprintf(buf + j, cap - j, "\\x%02x", c);
		}
	}
	buf[j++] = '"';
	if (n > 40 && j + 4 < cap)
		buf[j++] = '.', buf[j++] = '.', buf[j++] = '.';
	buf[j] = 0;
	return buf;
}

/* pt__space_at returns the bytes of the white space character (Go's
 * unicode.IsSpace: ASCII's six, U+0085, U+00A0, U+1680, U+2000-U+200A,
 * U+2028, U+2029, U+202F, U+205F, U+3000, in UTF-8) at s[0..n), or 0. */
static size_t pt__space_at(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	if (n == 0)
		return 0;
	if (u[0] == ' ' || (u[0] >= '\t' && u[0] <= '\r'))
		return 1;
	if (n >= 2 && u[0] == 0xC2 && (u[1] == 0x85 || u[1] == 0xA0))
		return 2;
	if (n >= 3 && ((u[0] == 0xE1 && u[1] == 0x9A && u[2] == 0x80) || (u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x80) ||
		       (u[0] == 0xE2 && u[1] == 0x80 && (u[2] <= 0x8A || u[2] == 0xA8 || u[2] == 0xA9 || u[2] == 0xAF)) ||
		       (u[0] == 0xE2 && u[1] == 0x81 && u[2] == 0x9F)))
		return 3;
	return 0;
}

/* pt__space_before returns the bytes of the white space character that
 * ends s[0..n), or 0. */
static size_t pt__space_before(const char *s, size_t n)
{
	size_t k;
	for (k = 1; k <= 3 && k <= n; k++)
		if (pt__space_at(s + n - k, k) == k)
			return k;
	return 0;
}

/* pt__atoi parses s[0..n) as Go's strconv.Atoi after strings.TrimSpace:
 * an optional sign and decimal digits that fit 64 bits. */
static int pt__atoi(const char *s, size_t n, int64_t *v)
{
	size_t i = 0, k;
	int neg = 0;
	uint64_t x = 0, lim;
	while ((k = pt__space_at(s, n)) > 0)
		s += k, n -= k;
	while ((k = pt__space_before(s, n)) > 0)
		n -= k;
	if (n > 0 && (s[0] == '+' || s[0] == '-'))
		neg = s[0] == '-', i = 1;
	if (i == n)
		return 0;
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		if (x > (lim - (uint64_t)(s[i] - '0')) / 10)
			return 0;
		x = x * 10 + (uint64_t)(s[i] - '0');
	}
	*v = neg ? (int64_t)(0 - x) : (int64_t)x;
	return 1;
}

int32_t pt_node(const pt_table *t, const char *id, size_t len, pt_error *err)
{
	char q[200];
	const char *comma;
	int64_t x, y;
	int32_t u;
	if (t->info.kind == PT_GRAPH) {
		if ((u = pt_node_named(t, id, len)) >= 0)
			return u;
		pt__fail(err, PT_ERR_NODE, "no node %s in this graph", pt__quote(q, sizeof q, id, len));
		return PT_NONE;
	}
	comma = (const char *)memchr(id, ',', len);
	if (!comma || !pt__atoi(id, (size_t)(comma - id), &x) || !pt__atoi(comma + 1, len - (size_t)(comma - id) - 1, &y)) {
		pt__fail(err, PT_ERR_NODE, "bad cell %s: want x,y", pt__quote(q, sizeof q, id, len));
		return PT_NONE;
	}
	if (x < 0 || y < 0 || x >= t->info.width || y >= t->info.height) {
		pt__fail(err, PT_ERR_NODE, "cell %lld,%lld is outside the %dx%d grid", (long long)x, (long long)y, t->info.width, t->info.height);
		return PT_NONE;
	}
	if ((u = pt__node_of_cell(t, y * t->info.width + x)) >= 0)
		return u;
	if (t->info.clearance > 1) {
		int k = t->info.clearance;
		pt__fail(err, PT_ERR_NODE, "cell %lld,%lld is too narrow for a %dx%d agent (it would cover %lld,%lld to %lld,%lld)",
			 (long long)x, (long long)y, k, k, (long long)x, (long long)y, (long long)(x + k - 1), (long long)(y + k - 1));
		return PT_NONE;
	}
	pt__fail(err, PT_ERR_NODE, "cell %lld,%lld is a wall, not a node", (long long)x, (long long)y);
	return PT_NONE;
}

/* ---- walking --------------------------------------------------------- */

/* pt__sum adds edge costs as docs/FORMAT.md "Walked distances" says. */
typedef struct {
	int mode;
	uint64_t a, b;
	double f;
} pt__sum;

static void pt__sum_add(pt__sum *s, double w)
{
	if (s->mode == PT__SUM_FLOAT)
		s->f += w;
	else if (s->mode == PT__SUM_INT || w == trunc(w))
		s->a += (uint64_t)w;
	else
		s->b += (uint64_t)round(w / PT__SQRT2);
}

static double pt__sum_value(const pt__sum *s) { return s->mode == PT__SUM_FLOAT ? s->f : pt__octile(s->a, s->b); }

/* pt__stored decodes flat distance number i; 0 (and +Inf) when unreachable. */
static int pt__stored(const pt_table *t, uint64_t i, double *d)
{
	const uint8_t *p = t->dist;
	uint64_t a, b;
	*d = HUGE_VAL;
	switch (t->dkind) {
	case PT__U16:
		if ((a = pt__le16(p + 2 * i)) == 0xFFFFu)
			return 0;
		*d = (double)a;
		return 1;
	case PT__U32:
		if ((a = pt__le32(p + 4 * i)) == 0xFFFFFFFFu)
			return 0;
		*d = (double)a;
		return 1;
	case PT__U64:
		if ((a = pt__le64(p + 8 * i)) == UINT64_MAX)
			return 0;
		*d = (double)a;
		return 1;
	case PT__O16:
		if ((a = pt__le16(p + 4 * i)) == 0xFFFFu)
			return 0;
		b = pt__le16(p + 4 * i + 2);
		*d = pt__octile(a, b);
		return 1;
	case PT__O32:
		if ((a = pt__le32(p + 8 * i)) == 0xFFFFFFFFu)
			return 0;
		b = pt__le32(p + 8 * i + 4);
		*d = pt__octile(a, b);
		return 1;
	}
	*d = pt__f64(p + 8 * i);
	if (isinf(*d) && *d > 0)
		return 0;
	return 1;
}

static unsigned pt__run_move(const pt_table *t, uint32_t i)
{
	unsigned m;
	if (t->packed)
		m = t->starts[2 * (size_t)i] & 0xF;
	else if (!t->nibble)
		return t->moves[i];
	else
		m = (unsigned)(t->moves[i >> 1] >> (4 * (i & 1))) & 0xF;
	return m == 0xF ? PT__NOMOVE : m;
}

/* J's preference lists, by sector (pt__jump_sector): direction codes
 * nearest first to the sector's centre (docs/FORMAT.md "The jump move J"). */
static const uint8_t pt__jump_prefs[16][8] = {
	{4, 3, 5, 2, 6, 0, 1, 7}, {3, 4, 2, 5, 6, 1, 0, 7}, {3, 2, 4, 1, 0, 5, 6, 7}, {2, 3, 1, 4, 0, 6, 5, 7},
	{0, 1, 7, 2, 6, 4, 3, 5}, {1, 0, 2, 7, 6, 3, 4, 5}, {1, 2, 0, 3, 4, 7, 6, 5}, {2, 1, 3, 0, 4, 6, 7, 5},
	{4, 5, 3, 6, 2, 0, 7, 1}, {5, 4, 6, 3, 2, 7, 0, 1}, {5, 6, 4, 7, 0, 3, 2, 1}, {6, 5, 7, 4, 0, 2, 3, 1},
	{0, 7, 1, 6, 2, 4, 5, 3}, {7, 0, 6, 1, 2, 5, 4, 3}, {7, 6, 0, 5, 4, 1, 2, 3}, {6, 7, 5, 0, 4, 2, 1, 3},
};

/* pt__jump decodes J_n (n = 1, J, in move 14; n = 2 in move 13) from the
 * node of rank r toward a target (dx, dy) from it: for J, the direct move
 * one step away; else the n-th direction of the target's sector's list
 * in r's jump set. O(1). */
static unsigned pt__jump(const pt_table *t, int32_t r, int64_t dx, int64_t dy, unsigned n)
{
	unsigned mask = t->rdirs[r], set = t->rjump[r], c, q = 0, p;
	int64_t a = dx < 0 ? -dx : dx, b = dy < 0 ? -dy : dy;
	if (n == 1 && a <= 1 && b <= 1)
		for (c = 0; c < 8; c++)
			if (pt__dx[c] == dx && pt__dy[c] == dy && (mask >> c & 1))
				return pt__popcount8(mask & ((1u << c) - 1));
	if (set == 0 || (a == 0 && b == 0))
		return PT__NOMOVE;
	if (dx < 0 || (dx == 0 && dy < 0))
		q |= 2;
	if (dy < 0 || (dy == 0 && dx > 0))
		q |= 1;
	p = 2 * a <= b ? 0 : a <= b ? 1 : a <= 2 * b ? 2 : 3;
	for (c = 0; c < 8; c++) {
		unsigned d = pt__jump_prefs[q * 4 + p][c];
		if ((set >> d & 1) && --n == 0)
			return pt__popcount8(mask & ((1u << d) - 1));
	}
	return PT__NOMOVE;
}

/* pt__cell_open reports whether cell (x, y) holds a node. */
static int pt__cell_open(const pt_table *t, int64_t x, int64_t y)
{
	return x >= 0 && y >= 0 && x < t->info.width && y < t->info.height && pt__node_of_cell(t, y * t->info.width + x) >= 0;
}

/* pt__jumps makes each rank's jump set of a j table: its directions into
 * a neighbour that has a successor when entered that way, as jump point
 * search prunes, or all its directions where none has. O(V log V) at
 * most. */
static int pt__jumps(pt_table *t, pt_error *e)
{
	int32_t r;
	if (!(t->rjump = (uint8_t *)pt__alloc((size_t)t->n)))
		return pt__fail(e, PT_ERR_NOMEM, "the jump sets of %d nodes", t->n);
	for (r = 0; r < t->n; r++) {
		int32_t c = t->cells[t->order[r]];
		int64_t x = c % t->info.width, y = c / t->info.width;
		unsigned d, set = 0;
		for (d = 0; d < 8; d++) {
			int64_t ex = pt__dx[d], ey = pt__dy[d], nx = x + ex, ny = y + ey;
			int ok;
			if (!(t->rdirs[r] >> d & 1) || !pt__cell_open(t, nx, ny))
				continue;
			if (ex != 0 && ey != 0)
				ok = pt__cell_open(t, nx + ex, ny) || pt__cell_open(t, nx, ny + ey);
			else
				ok = pt__cell_open(t, nx + ex, ny + ey) || (pt__cell_open(t, nx - ey, ny + ex) && !pt__cell_open(t, nx - ey - ex, ny + ex - ey)) ||
				     (pt__cell_open(t, nx + ey, ny - ex) && !pt__cell_open(t, nx + ey - ex, ny - ex - ey));
			if (ok)
				set |= 1u << d;
		}
		t->rjump[r] = (uint8_t)(set ? set : t->rdirs[r]);
	}
	return PT_OK;
}

/* pt__symbol decodes heuristic symbol H_k (move m = 7 + k) of the node of
 * rank r toward the node of rank tr: its slots ranked by the octile key
 * from the cell each leads to to the target's, ties by slot. O(1) for H_1
 * toward the target's sign, O(degree^2) at most. */
static unsigned pt__symbol(const pt_table *t, int32_t r, int32_t tr, unsigned m)
{
	unsigned mask = t->rdirs[r], k = m - 7, deg = pt__popcount8(mask), j, i, n = 0, c;
	int64_t dx = (int64_t)t->rxy[2 * tr] - t->rxy[2 * r], dy = (int64_t)t->rxy[2 * tr + 1] - t->rxy[2 * r + 1];
	int64_t keys[8];
	if (k >= 6 && t->rjump) /* J in H_7's move, J_2 in H_6's */
		return pt__jump(t, r, dx, dy, 8 - k);
	if (k > deg)
		return PT__NOMOVE;
	if (k == 1) {
		int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
		for (c = 0; c < 8; c++)
			if (pt__dx[c] == sx && pt__dy[c] == sy && (mask >> c & 1))
				return pt__popcount8(mask & ((1u << c) - 1));
	}
	for (c = 0; c < 8; c++)
		if (mask >> c & 1) {
			int64_t a = dx - pt__dx[c], b = dy - pt__dy[c];
			a = a < 0 ? -a : a, b = b < 0 ? -b : b;
			keys[n++] = a > b ? 985 * a + 408 * b : 985 * b + 408 * a;
		}
	for (j = 0; j < n; j++) {
		unsigned rank = 1;
		for (i = 0; i < n; i++)
			rank += keys[i] < keys[j] || (keys[i] == keys[j] && i < j);
		if (rank == k)
			return j;
	}
	return PT__NOMOVE;
}

/* pt__row_move is the move stored in the row of rank r for the target of
 * rank tr: the last run whose start is at most tr (a binary search inside
 * the row whatever its starts hold), a symbol decoded to its slot. */
static unsigned pt__row_move(const pt_table *t, int32_t r, int32_t tr)
{
	uint32_t lo = t->row_start[r], hi = t->row_start[r + 1], i = lo, j = hi, key = (uint32_t)tr;
	unsigned m;
	if (t->wide) {
		while (i < j) {
			uint32_t mid = i + (j - i) / 2;
			if (pt__le32(t->starts + 4 * (size_t)mid) <= key)
				i = mid + 1;
			else
				j = mid;
		}
	} else {
		if (t->packed)
			key = key << 4 | 0xF; /* the largest word of start tr */
		while (i < j) {
			uint32_t mid = i + (j - i) / 2;
			if (pt__le16(t->starts + 2 * (size_t)mid) <= key)
				i = mid + 1;
			else
				j = mid;
		}
	}
	if (i == lo) {
		if (!t->wrap || hi == lo)
			return PT__NOMOVE;
		i = hi; /* a wrapped row's last run */
	}
	m = pt__run_move(t, i - 1);
	if (t->symbols && m >= 8 && m <= 14)
		return pt__symbol(t, r, tr, m);
	return m;
}

/* pt__move is the first move from rank r toward rank tr: on a b table H_1
 * when the two cells' box is open, without reading the row; the row's
 * move otherwise. */
static unsigned pt__move(const pt_table *t, int32_t r, int32_t tr)
{
	if (t->boxes && r != tr && pt__box_open(t, r, tr))
		return pt__symbol(t, r, tr, 8);
	return pt__row_move(t, r, tr);
}

/* pt__window_cell returns from's cell in to's window, or -1. */
static int64_t pt__window_cell(const pt_table *t, int32_t from, int32_t to)
{
	int64_t w = t->info.width, cf = t->cells[from], ct = t->cells[to];
	int64_t wx = cf % w - ct % w + t->delta, wy = cf / w - ct / w + t->delta;
	if (wx < 0 || wy < 0 || wx >= t->side || wy >= t->side)
		return -1;
	return wy * t->side + wx;
}

int pt_covered(const pt_table *t, int32_t from, int32_t to)
{
	if (!pt__valid(t, from) || !pt__valid(t, to))
		return 0;
	return t->info.layout != PT_WINDOW || pt__window_cell(t, from, to) >= 0;
}

int32_t pt_path_max(const pt_table *t)
{
	if (t->info.layout == PT_WINDOW && (int64_t)t->side * t->side < t->n)
		return t->side * t->side;
	return t->n;
}

int32_t pt_next(const pt_table *t, int32_t from, int32_t to)
{
	unsigned m;
	int64_t i;
	if (!pt__valid(t, from) || !pt__valid(t, to))
		return PT_NONE;
	switch (t->info.layout) {
	case PT_FLAT:
		m = t->first[(size_t)to * (size_t)t->n + (size_t)from];
		break;
	case PT_RUNS:
		if (from == to || (t->rcomp && t->rcomp[t->rank[from]] != t->rcomp[t->rank[to]]))
			return PT_NONE; /* the same node, or another component */
		m = pt__move(t, t->rank[from], t->rank[to]);
		break;
	default:
		if ((i = pt__window_cell(t, from, to)) < 0)
			return PT_NONE;
		m = (unsigned)(t->blocks[(size_t)to * t->block_bytes + (size_t)(i >> 1)] >> (4 * (i & 1))) & 0xF;
		if (m >= 8 || t->whops[8 * (size_t)from + m] < 0)
			return PT_NONE;
		return t->targets[t->whops[8 * (size_t)from + m]];
	}
	if (m >= (1u << t->shift))
		return PT_NONE;
	return t->hops[((size_t)from << t->shift) | m];
}

/* pt__walk walks the stored path from from to to (valid ids), storing its
 * first cap nodes in buf, and returns its node count, or 0 when there is
 * none; with sum non-NULL it adds the costs along it. */
static int32_t pt__walk(const pt_table *t, int32_t from, int32_t to, int32_t *buf, int32_t cap, pt__sum *sum)
{
	int32_t count = 1, limit = t->n, u = from;
	unsigned shift = t->shift, stride = 1u << t->shift, m;
	if (cap > 0)
		buf[0] = from;
	if (t->info.layout == PT_FLAT) {
		const uint8_t *row = t->first + (size_t)to * (size_t)t->n;
		const int32_t *hops = t->hops;
		while (u != to) {
			int32_t v;
			m = row[u];
			if (m >= stride || count >= limit || (v = hops[((size_t)u << shift) | m]) < 0)
				return 0;
			if (sum)
				pt__sum_add(sum, t->weights[t->offsets[u] + m]);
			if (count < cap)
				buf[count] = v;
			count++, u = v;
		}
		return count;
	}
	if (t->info.layout == PT_RUNS) {
		const int32_t *rhops = t->rhops, *order = t->order;
		int32_t r = t->rank[from], target = t->rank[to];
		int open = 0;
		if (t->rcomp && t->rcomp[r] != t->rcomp[target])
			return 0; /* another component: no path */
		while (r != target) {
			int32_t next;
			/* Once a b table's box is open it stays open: H_1 moves into
			 * a box inside it. The rest of the path is H_1 throughout. */
			if (!open && t->boxes)
				open = pt__box_open(t, r, target);
			m = open ? pt__symbol(t, r, target, 8) : pt__row_move(t, r, target);
			if (m >= stride || count >= limit || (next = rhops[((size_t)r << shift) | m]) < 0)
				return 0;
			if (sum)
				pt__sum_add(sum, t->weights[t->offsets[order[r]] + m]);
			if (count < cap)
				buf[count] = order[next];
			count++, r = next;
		}
		return count;
	}
	{
		int64_t i = pt__window_cell(t, from, to), wx, wy;
		const uint8_t *block = t->blocks + (size_t)to * t->block_bytes;
		int side = t->side;
		if (i < 0)
			return 0;
		wx = i % side, wy = i / side, limit = side * side;
		while (u != to) {
			int32_t e;
			i = wy * side + wx;
			m = (unsigned)(block[i >> 1] >> (4 * (i & 1))) & 0xF;
			if (m >= 8 || count >= limit || (e = t->whops[8 * (size_t)u + m]) < 0)
				return 0;
			wx += pt__dx[m], wy += pt__dy[m];
			if (wx < 0 || wy < 0 || wx >= side || wy >= side)
				return 0;
			if (sum)
				pt__sum_add(sum, t->weights[e]);
			u = t->targets[e];
			if (count < cap)
				buf[count] = u;
			count++;
		}
		return count;
	}
}

int32_t pt_path(const pt_table *t, int32_t from, int32_t to, int32_t *buf, int32_t cap, double *cost)
{
	pt__sum sum;
	int32_t count;
	if (cost)
		*cost = HUGE_VAL;
	if (!pt__valid(t, from) || !pt__valid(t, to) || cap < 0)
		return 0;
	memset(&sum, 0, sizeof sum);
	sum.mode = t->sum_mode;
	count = pt__walk(t, from, to, buf, cap, cost && t->info.layout != PT_FLAT ? &sum : NULL);
	if (count > 0 && cost) {
		if (t->info.layout == PT_FLAT)
			pt__stored(t, (uint64_t)to * (uint64_t)t->n + (uint64_t)from, cost);
		else
			*cost = pt__sum_value(&sum);
	}
	return count;
}

int pt_dist(const pt_table *t, int32_t from, int32_t to, double *dist)
{
	double d = HUGE_VAL;
	int ok;
	if (!pt__valid(t, from) || !pt__valid(t, to))
		ok = 0;
	else if (t->info.layout == PT_FLAT)
		ok = pt__stored(t, (uint64_t)to * (uint64_t)t->n + (uint64_t)from, &d);
	else
		ok = pt_path(t, from, to, NULL, 0, &d) > 0;
	if (dist)
		*dist = ok ? d : HUGE_VAL;
	return ok;
}

#endif /* PATHTABLE_IMPLEMENTED */
#endif /* PATHTABLE_IMPLEMENTATION */
