/*
 * ptread: the driver of the C reader readers/c/pathtable.h, and a small
 * example of its use. It answers path queries from a pathtable table in the
 * words of `pathtable query` and `pathtable path`:
 *
 *	ptread TABLE < queries        one "FROM TO" a line, as pathtable query
 *	ptread TABLE FROM TO          one query, as pathtable path
 *	ptread -bench TABLE < pairs   time whole paths and first moves
 *
 *	0,0 -> 1,2 cost 2.414213562373095 path 0,0 0,1 1,2
 *	0,0 -> 2,0 no path
 *	0,0 -> 9,9 not covered (outside the window of 9,9)
 *
 * A bad query line (not two fields, a malformed cell, a wall, a cell
 * outside the grid, an unknown node) prints one line on stderr and the
 * others go on; the exit status is then 1. A table the reader refuses
 * prints one line on stderr and nothing on stdout, exit status 1.
 *
 * Bench mode resolves the pairs once, then walks whole paths pair after
 * pair into one reused buffer until at least a second has passed, and asks
 * the first move of the same pairs until another second has, and prints
 *
 *	pairs=N steps_per_path=S path_step_ns=X next_ns=Y
 *
 * Build: cc -std=c99 -O2 -Wall -Wextra -o ptread ptread.c -lm (or the same
 * with g++ -x c++ -std=c++11).
 */
#define _POSIX_C_SOURCE 200809L
#define PATHTABLE_IMPLEMENTATION
#include "../../readers/c/pathtable.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* maxLine is the longest query line read, as pathtable query's. */
#define MAX_LINE (64 << 10)

static int fail(const char *msg)
{
	fprintf(stderr, "ptread: %s\n", msg);
	return 1;
}

/* format_cost writes v as Go's strconv.FormatFloat(v, 'f', -1, 64): the
 * shortest decimal that reads back as v, never in exponent notation. */
static void format_cost(double v, char *out)
{
	char e[40], digits[24];
	int prec, nd = 0, exp, i;
	char *o = out;
	if (isnan(v)) {
		strcpy(out, "NaN");
		return;
	}
	if (isinf(v)) {
		strcpy(out, v > 0 ? "+Inf" : "-Inf");
		return;
	}
	if (signbit(v))
		*o++ = '-', v = -v;
	for (prec = 1; prec <= 17; prec++) {
		snprintf(e, sizeof e, "%.*e", prec - 1, v);
		if (strtod(e, NULL) == v)
			break;
	}
	for (i = 0; e[i] != 'e'; i++) /* "d.ddde+XX" -> digits, exp */
		if (e[i] >= '0' && e[i] <= '9')
			digits[nd++] = e[i];
	exp = atoi(strchr(e, 'e') + 1);
	while (nd > 1 && digits[nd - 1] == '0')
		nd--;
	if (v == 0)
		exp = 0;
	if (exp < 0) {
		*o++ = '0', *o++ = '.';
		for (i = -1; i > exp; i--)
			*o++ = '0';
		memcpy(o, digits, (size_t)nd), o += nd;
	} else {
		for (i = 0; i <= exp || i < nd; i++) {
			if (i == exp + 1)
				*o++ = '.';
			*o++ = i < nd ? digits[i] : '0';
		}
	}
	*o = 0;
}

/* print_node writes node u's id: "x,y" on grids, its name on graphs. */
static void print_node(const pt_table *t, int32_t u)
{
	size_t len;
	int32_t x, y;
	const char *s = pt_name_ref(t, u, &len);
	if (s)
		fwrite(s, 1, len, stdout);
	else if (pt_xy(t, u, &x, &y))
		printf("%d,%d", x, y);
}

/* answer prints the answer to one resolved query, as the CLI does. */
static void answer(const pt_table *t, const char *from, size_t from_len, const char *to, size_t to_len, int32_t s,
		   int32_t d, int32_t *buf)
{
	double cost;
	int32_t k, i;
	char c[400]; /* the longest: 5e-324 takes 326 */
	printf("%.*s -> %.*s", (int)from_len, from, (int)to_len, to);
	if (!pt_covered(t, s, d)) {
		printf(" not covered (outside the window of %.*s)\n", (int)to_len, to);
		return;
	}
	k = pt_path(t, s, d, buf, pt_path_max(t), &cost);
	if (k == 0) {
		printf(" no path\n");
		return;
	}
	format_cost(cost, c);
	printf(" cost %s path", c);
	for (i = 0; i < k; i++) {
		putchar(' ');
		print_node(t, buf[i]);
	}
	putchar('\n');
}

/* read_line reads one line of at most max bytes besides its newline into
 * buf: 1 with *len set (the newline dropped), 0 at the end of the input,
 * -1 for a longer line. */
static int read_line(FILE *f, char *buf, size_t max, size_t *len)
{
	size_t n = 0;
	int c;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (n == max)
			return -1;
		buf[n++] = (char)c;
	}
	*len = n;
	return c == EOF && n == 0 ? 0 : 1;
}

/* space_at returns the bytes of the white space character at s[0..n), as
 * Go's strings.Fields sees one (unicode.IsSpace, in UTF-8), or 0. */
static size_t space_at(const char *s, size_t n)
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

/* fields splits line as strings.Fields does, into at most 3 fields (a
 * third means too many). */
static int fields(const char *line, size_t len, const char **f, size_t *flen)
{
	size_t i = 0, k;
	int n = 0;
	while (n < 3) {
		while (i < len && (k = space_at(line + i, len - i)) > 0)
			i += k;
		if (i == len)
			break;
		f[n] = line + i;
		while (i < len && space_at(line + i, len - i) == 0)
			i++;
		flen[n] = (size_t)(line + i - f[n]);
		n++;
	}
	return n;
}

/* resolve resolves one query line's FROM and TO; it prints the error
 * (prefixed by where) and returns 0 on a bad line. */
static int resolve(const pt_table *t, const char *line, size_t len, const char *where, int32_t *s, int32_t *d,
		   const char **f, size_t *flen)
{
	pt_error err;
	char q[200];
	size_t i, j, k;
	if (fields(line, len, f, flen) != 2) {
		for (i = 0; i < len && (k = space_at(line + i, len - i)) > 0;)
			i += k;
		for (j = len; j > i && (space_at(line + j - 1, 1) || (j - i >= 2 && space_at(line + j - 2, 2) == 2) ||
					(j - i >= 3 && space_at(line + j - 3, 3) == 3));)
			j -= space_at(line + j - 1, 1) ? 1 : space_at(line + j - 2, 2) == 2 ? 2 : 3;
		/* Go's %q of the trimmed line, cut at 40 bytes. */
		q[0] = '"', k = 1;
		for (; i < j && i < len && k < 40 * 4; i++) {
			unsigned char c = (unsigned char)line[i];
			const char *esc = strchr("\a\b\f\n\r\t\v", c);
			if (c == '"' || c == '\\')
				q[k++] = '\\', q[k++] = (char)c;
			else if (c != 0 && esc)
				q[k++] = '\\', q[k++] = "abfnrtv"[esc - "\a\b\f\n\r\t\v"];
			else if (c < 0x20 || c == 0x7f)
				k += (size_t)snprintf(q + k, sizeof q - k, "\\x%02x", c);
			else
				q[k++] = (char)c;
		}
		q[k++] = '"', q[k] = 0;
		fprintf(stderr, "ptread: %swant FROM TO, got %s\n", where, q);
		return 0;
	}
	if ((*s = pt_node(t, f[0], flen[0], &err)) < 0) {
		fprintf(stderr, "ptread: %sFROM: %s\n", where, err.message);
		return 0;
	}
	if ((*d = pt_node(t, f[1], flen[1], &err)) < 0) {
		fprintf(stderr, "ptread: %sTO: %s\n", where, err.message);
		return 0;
	}
	return 1;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* bench times whole paths and first moves over the pairs on stdin. */
static int bench(const pt_table *t, char *line)
{
	int32_t *pairs = NULL, *buf, s, d;
	size_t cap = 0, np = 0, len, i, flen[3];
	long lineno = 0;
	const char *f[3];
	char where[40];
	int r;
	long long steps = 0, pass_steps = 0, calls = 0;
	double start, elapsed;
	volatile int32_t sink = 0;
	while ((r = read_line(stdin, line, MAX_LINE, &len)) > 0) {
		lineno++;
		if (fields(line, len, f, flen) == 0 || f[0][0] == '#')
			continue;
		snprintf(where, sizeof where, "stdin:%ld: ", lineno);
		if (!resolve(t, line, len, where, &s, &d, f, flen))
			return 1;
		if (np == cap) {
			int32_t *p;
			cap = cap ? 2 * cap : 1024;
			if (!(p = (int32_t *)realloc(pairs, sizeof *pairs * 2 * cap)))
				return fail("out of memory");
			pairs = p;
		}
		pairs[2 * np] = s, pairs[2 * np + 1] = d, np++;
	}
	if (r < 0)
		return fail("stdin: a line longer than 65536 bytes");
	if (np == 0)
		return fail("no pairs on stdin");
	if (!(buf = (int32_t *)malloc(sizeof *buf * (size_t)(pt_path_max(t) + 1))))
		return fail("out of memory");
	for (i = 0; i < np; i++) {
		int32_t k = pt_path(t, pairs[2 * i], pairs[2 * i + 1], buf, pt_path_max(t), NULL);
		pass_steps += k > 0 ? k - 1 : 0;
	}
	start = now();
	do {
		for (i = 0; i < np; i++) {
			int32_t k = pt_path(t, pairs[2 * i], pairs[2 * i + 1], buf, pt_path_max(t), NULL);
			steps += k > 0 ? k - 1 : 0;
		}
	} while ((elapsed = now() - start) < 1.0);
	printf("pairs=%lu steps_per_path=%.1f path_step_ns=%.2f", (unsigned long)np, (double)pass_steps / (double)np,
	       elapsed * 1e9 / (double)(steps ? steps : 1));
	start = now();
	do {
		for (i = 0; i < np; i++)
			sink += pt_next(t, pairs[2 * i], pairs[2 * i + 1]);
		calls += (long long)np;
	} while ((elapsed = now() - start) < 1.0);
	printf(" next_ns=%.2f\n", elapsed * 1e9 / (double)calls);
	(void)sink;
	free(buf);
	free(pairs);
	return 0;
}

int main(int argc, char **argv)
{
	pt_error err;
	pt_table *t;
	char *line;
	int32_t *buf, s, d;
	int bad = 0, r, rc = 0;
	long lineno = 0;
	size_t len, flen[3];
	const char *f[3];
	char where[40];
	int benchmark = argc == 3 && strcmp(argv[1], "-bench") == 0;
	if (argc != 2 && argc != 4 && !benchmark) {
		fprintf(stderr, "usage: ptread TABLE < queries\n       ptread TABLE FROM TO\n       ptread -bench TABLE < pairs\n");
		return 2;
	}
	if (!(t = pt_open_file(argv[benchmark ? 2 : 1], &err))) {
		fprintf(stderr, "ptread: %s\n", err.message);
		return 1;
	}
	line = (char *)malloc(MAX_LINE + 1);
	buf = (int32_t *)malloc(sizeof *buf * (size_t)(pt_path_max(t) + 1));
	if (!line || !buf)
		return fail("out of memory");
	if (benchmark) {
		rc = bench(t, line);
	} else if (argc == 4) {
		/* One query, as pathtable path: FROM and TO as arguments. */
		f[0] = argv[2], flen[0] = strlen(argv[2]), f[1] = argv[3], flen[1] = strlen(argv[3]);
		if ((s = pt_node(t, f[0], flen[0], &err)) < 0) {
			fprintf(stderr, "ptread: FROM: %s\n", err.message);
			rc = 1;
		} else if ((d = pt_node(t, f[1], flen[1], &err)) < 0) {
			fprintf(stderr, "ptread: TO: %s\n", err.message);
			rc = 1;
		} else
			answer(t, f[0], flen[0], f[1], flen[1], s, d, buf);
	} else {
		while ((r = read_line(stdin, line, MAX_LINE, &len)) > 0) {
			lineno++;
			if (fields(line, len, f, flen) == 0 || f[0][0] == '#')
				continue;
			snprintf(where, sizeof where, "stdin:%ld: ", lineno);
			fflush(stdout); /* stdout and stderr lines stay in input order */
			if (!resolve(t, line, len, where, &s, &d, f, flen)) {
				bad++;
				continue;
			}
			answer(t, f[0], flen[0], f[1], flen[1], s, d, buf);
		}
		if (r < 0) {
			fflush(stdout);
			fprintf(stderr, "ptread: stdin:%ld: line longer than %d bytes\n", lineno + 1, MAX_LINE);
			rc = 1;
		}
		if (bad > 0) {
			fflush(stdout);
			fprintf(stderr, "ptread: %d bad query lines\n", bad);
			rc = 1;
		}
	}
	free(buf);
	free(line);
	pt_close(t);
	if (fflush(stdout) != 0)
		rc = 1;
	return rc;
}
