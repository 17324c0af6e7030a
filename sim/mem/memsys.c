/* mem: the coalescer and the cache/DRAM hierarchy in time (memsys.h explains the model). */
#include "mem/memsys.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static cache_params_t level_params(int64_t size, int64_t ways, int64_t line, int repl, int write, int64_t alloc,
                                   int64_t latency, int64_t bpc, int64_t mshrs)
{
    cache_params_t p;
    memset(&p, 0, sizeof p);
    p.size_bytes = (uint64_t)size;
    p.ways = (uint32_t)ways;
    p.line_bytes = (uint32_t)line;
    p.repl = repl == CFG_REPL_FIFO ? CACHE_REPL_FIFO : repl == CFG_REPL_RANDOM ? CACHE_REPL_RANDOM : CACHE_REPL_LRU;
    p.write = write == CFG_WRITE_BACK ? CACHE_WRITE_BACK : CACHE_WRITE_THROUGH;
    p.write_allocate = alloc != 0;
    p.latency = (uint32_t)latency;
    p.bytes_per_cycle = (uint32_t)bpc;
    p.mshrs = (uint32_t)mshrs;
    return p;
}

static cache_params_t l1v_params(const cfg_t *c)
{
    cache_params_t p = level_params(c->l1v_size, c->l1v_ways, c->l1v_line, c->l1v_replacement, c->l1v_write_policy,
                                    c->l1v_write_allocate, c->l1v_latency, c->l1v_bytes_per_cycle, c->l1v_mshrs);
    p.byte_port = c->vmem_address_model == CFG_ADDR_LANES;
    return p;
}

static cache_params_t scalar_params(const cfg_t *c)
{
    return level_params(c->scalar_size, c->scalar_ways, c->scalar_line, c->scalar_replacement,
                        c->scalar_write_policy, c->scalar_write_allocate, c->scalar_latency,
                        c->scalar_bytes_per_cycle, c->scalar_mshrs);
}

static cache_params_t l2_params(const cfg_t *c)
{
    cache_params_t p = level_params(c->l2_size / c->l2_channels, c->l2_ways, c->l2_line, c->l2_replacement,
                                    c->l2_write_policy, c->l2_write_allocate, c->l2_latency, c->l2_bytes_per_cycle,
                                    c->l2_mshrs);
    p.atomics_here = true;
    p.set_skip_bytes = (uint32_t)c->l2_interleave;
    p.set_skip_count = (uint32_t)c->l2_channels;
    return p;
}

/* A slice of the Infinity Cache: one per DRAM channel, interleaved as DRAM is (llc.size > 0). */
static cache_params_t llc_params(const cfg_t *c)
{
    cache_params_t p = level_params(c->llc_size / c->dram_channels, c->llc_ways, c->l2_line, CFG_REPL_LRU,
                                    CFG_WRITE_BACK, 1, c->llc_latency, c->llc_bytes_per_cycle, c->llc_mshrs);
    p.set_skip_bytes = (uint32_t)c->l2_interleave;
    p.set_skip_count = (uint32_t)c->dram_channels;
    return p;
}

int mem_config_problems(const cfg_t *cfg, FILE *err)
{
    int n = 0;
    if (cfg->llc_size > 0) {
        cache_params_t pm = llc_params(cfg);
        const char *why = cfg->llc_size % cfg->dram_channels != 0 ? "not a multiple of dram.channels"
                                                                     : cache_params_problem(&pm);
        if (why) {
            fprintf(err, "configuration: error: llc (size %" PRId64 " / dram.channels %" PRId64 " = %" PRIu64
                    " per slice, %u ways, %u-byte lines): %s\n", cfg->llc_size, cfg->dram_channels, pm.size_bytes,
                    pm.ways, pm.line_bytes, why);
            n++;
        }
    }
    struct { const char *name; cache_params_t p; } lv[] = {
        { "l1v", l1v_params(cfg) }, { "scalar", scalar_params(cfg) }, { "l2", l2_params(cfg) },
    };
    for (size_t i = 0; i < sizeof lv / sizeof lv[0]; i++) {
        const char *why = cache_params_problem(&lv[i].p);
        if (why) {
            if (i == 2)
                fprintf(err, "configuration: error: l2 (size %" PRId64 " / channels %" PRId64 " = %" PRIu64
                        " per channel, %u ways, %u-byte lines, interleave %" PRId64 "): %s\n", cfg->l2_size,
                        cfg->l2_channels, lv[i].p.size_bytes, lv[i].p.ways, lv[i].p.line_bytes,
                        cfg->l2_interleave, why);
            else
                fprintf(err, "configuration: error: %s (size %" PRIu64 ", %u ways, %u-byte lines): %s\n", lv[i].name,
                        lv[i].p.size_bytes, lv[i].p.ways, lv[i].p.line_bytes, why);
            n++;
        }
    }
    if (cfg->l2_interleave % cfg->l2_line != 0) {
        fprintf(err, "configuration: error: l2.interleave = %" PRId64 " is not a multiple of l2.line = %" PRId64 "\n",
                cfg->l2_interleave, cfg->l2_line);
        n++;
    }
    if (cfg->l2_size % cfg->l2_channels != 0) {
        fprintf(err, "configuration: error: l2.size = %" PRId64 " is not a multiple of l2.channels = %" PRId64 "\n",
                cfg->l2_size, cfg->l2_channels);
        n++;
    }
    if (cfg->l1v_line > cfg->l2_line || cfg->scalar_line > cfg->l2_line) {
        fprintf(err, "configuration: error: l1v.line = %" PRId64 " and scalar.line = %" PRId64
                " must not exceed l2.line = %" PRId64 " (an L1 miss fetches one L2 line)\n",
                cfg->l1v_line, cfg->scalar_line, cfg->l2_line);
        n++;
    }
    n += tlb_config_problems(cfg, err);
    if (cfg->dram_row_bytes % cfg->l2_line != 0) {
        fprintf(err, "configuration: error: dram.row_bytes = %" PRId64 " is not a multiple of l2.line = %" PRId64 "\n",
                cfg->dram_row_bytes, cfg->l2_line);
        n++;
    }
    return n;
}

/* ---- DRAM ------------------------------------------------------------------------------------- */

/* A DRAM access of `bytes` for the L2 line `line`, arriving at `at`; returns when it answers. */
static uint64_t dram_access(mem_t *m, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at)
{
    const cfg_t *cfg = m->cfg;
    uint64_t il = (uint64_t)cfg->l2_interleave;
    uint32_t ci = (uint32_t)((line / il) % m->ndram);
    mem_dram_channel_t *ch = &m->dram[ci];
    uint64_t bpc = (uint64_t)cfg->dram_bytes_per_cycle;
    uint64_t begin = at * bpc > ch->bytes ? at * bpc : ch->bytes;
    ch->bytes = begin + bytes;
    uint64_t start = begin / bpc, end = (ch->bytes + bpc - 1) / bpc;
    uint64_t lat = (uint64_t)cfg->dram_latency;
    mem_access_t *a = m->cur;
    if (cfg->dram_row_model == CFG_ROW_ON) {
        /* The channel's own address space: drop the channel bits, then rows go to banks in turn. */
        uint64_t local = line / (il * m->ndram) * il + line % il;
        uint64_t row_index = local / (uint64_t)cfg->dram_row_bytes;
        uint32_t bank = (uint32_t)(row_index % (uint64_t)cfg->dram_banks);
        uint64_t row = row_index / (uint64_t)cfg->dram_banks;
        if (ch->open_row[bank] == row) {
            lat = (uint64_t)cfg->dram_row_hit_latency;
            a->dram_row_hits++;
        } else {
            lat = (uint64_t)cfg->dram_row_miss_latency;
            ch->open_row[bank] = row;
            a->dram_row_misses++;
        }
    }
    if (op == CACHE_READ)
        a->dram_reads++;
    else
        a->dram_writes++;
    a->dram_bytes += bytes;
    if (end > a->dram_busy_until)
        a->dram_busy_until = end;
    return start + lat;
}

static uint64_t llc_to_dram(void *ctx, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at)
{
    return dram_access(ctx, line, op, bytes, at);
}

/* ---- the Infinity Cache (llc.size > 0) --------------------------------------------------------- */

/* The slice of the line's DRAM channel: on the memory side, so every XCD's L2 meets the same one. */
static uint64_t llc_access(mem_t *m, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at)
{
    uint32_t ci = (uint32_t)((line / (uint64_t)m->cfg->l2_interleave) % m->ndram);
    cache_result_t r;
    cache_access(&m->llc[ci], line, op, bytes, at, &r);
    m->cur->llc[r.outcome]++;
    m->cur->llc_bytes += bytes;
    return r.ready;
}

static uint64_t l2_to_dram(void *ctx, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at)
{
    /* The L2 executes atomics, so only reads (fills) and writes (write-backs) reach DRAM. */
    mem_t *m = ctx;
    op = op == CACHE_READ ? CACHE_READ : CACHE_WRITE;
    return m->llc ? llc_access(m, line, op, bytes, at) : dram_access(m, line, op, bytes, at);
}

/* ---- L2 --------------------------------------------------------------------------------------- */

static uint64_t l2_access(mem_t *m, uint32_t xcd, uint64_t addr, cache_op_t op, uint32_t bytes, uint64_t at)
{
    uint32_t ci = (uint32_t)((addr / (uint64_t)m->cfg->l2_interleave) % m->nl2);
    cache_result_t r;
    cache_access(&m->l2[(size_t)xcd * m->nl2 + ci], addr, op, bytes, at, &r);
    m->cur->count[MEM_L2][r.outcome]++;
    m->cur->mshr_cycles[MEM_L2] += r.mshr_cycles;
    m->cur->level_bytes[MEM_L2] += bytes;
    return r.ready;
}

/* The next level of an XCD's L1s and scalar caches: that XCD's L2 (ctx is its mem_xcd_t). */
static uint64_t to_l2(void *ctx, uint64_t line, cache_op_t op, uint32_t bytes, uint64_t at)
{
    const mem_xcd_t *x = ctx;
    return l2_access(x->m, x->index, line, op, bytes, at);
}

/* ---- set-up ----------------------------------------------------------------------------------- */

int mem_init(mem_t *m, const cfg_t *cfg, uint32_t ncu)
{
    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->ncu = ncu;
    m->ideal = cfg->mem_model == CFG_MEM_IDEAL;
    m->line_bytes = (uint32_t)cfg->l1v_line;
    m->vreq = calloc(ncu, sizeof *m->vreq);
    if (!m->vreq)
        return 3;
    if (m->ideal)
        return 0;
    m->nl2 = (uint32_t)cfg->l2_channels;
    m->ndram = (uint32_t)cfg->dram_channels;
    m->nxcd = (uint32_t)cfg->gpu_xcds;
    if (m->nxcd > ncu || ncu % m->nxcd != 0)
        m->nxcd = 1; /* a machine built with fewer CUs than its configuration (tests): one XCD */
    m->cus_per_xcd = ncu / m->nxcd;
    uint32_t per = (uint32_t)cfg->scalar_cus_per_cache;
    m->scalar_per_xcd = (m->cus_per_xcd + per - 1) / per;
    m->nscalar = m->nxcd * m->scalar_per_xcd;
    m->l1v = calloc(ncu, sizeof *m->l1v);
    m->scalar = calloc(m->nscalar, sizeof *m->scalar);
    m->l2 = calloc((size_t)m->nxcd * m->nl2, sizeof *m->l2);
    m->dram = calloc(m->ndram, sizeof *m->dram);
    m->xcd = calloc(m->nxcd, sizeof *m->xcd);
    if (!m->l1v || !m->scalar || !m->l2 || !m->dram || !m->xcd)
        return 3;
    for (uint32_t x = 0; x < m->nxcd; x++)
        m->xcd[x] = (mem_xcd_t){ m, x };
    cache_params_t p1 = l1v_params(cfg), ps = scalar_params(cfg), p2 = l2_params(cfg);
    for (uint32_t i = 0; i < ncu; i++)
        if (cache_init(&m->l1v[i], &p1, to_l2, &m->xcd[mem_xcd_of(m, i)]) != 0)
            return 3;
    for (uint32_t i = 0; i < m->nscalar; i++)
        if (cache_init(&m->scalar[i], &ps, to_l2, &m->xcd[i / m->scalar_per_xcd]) != 0)
            return 3;
    for (uint32_t i = 0; i < m->nxcd * m->nl2; i++)
        if (cache_init(&m->l2[i], &p2, l2_to_dram, m) != 0)
            return 3;
    if (cfg->llc_size > 0) {
        cache_params_t pm = llc_params(cfg);
        m->llc = calloc(m->ndram, sizeof *m->llc);
        if (!m->llc)
            return 3;
        for (uint32_t i = 0; i < m->ndram; i++)
            if (cache_init(&m->llc[i], &pm, llc_to_dram, m) != 0)
                return 3;
    }
    for (uint32_t i = 0; i < m->ndram; i++) {
        if (cfg->dram_row_model != CFG_ROW_ON)
            continue;
        m->dram[i].open_row = malloc((size_t)cfg->dram_banks * sizeof *m->dram[i].open_row);
        if (!m->dram[i].open_row)
            return 3;
        for (int64_t b = 0; b < cfg->dram_banks; b++)
            m->dram[i].open_row[b] = UINT64_MAX;
    }
    m->xlate = cfg->tlb_model == CFG_TLB_ON;
    return m->xlate ? tlb_sys_init(&m->tlb, cfg, ncu) : 0;
}

void mem_free(mem_t *m)
{
    if (m->xlate)
        tlb_sys_free(&m->tlb);
    for (uint32_t i = 0; m->l1v && i < m->ncu; i++)
        cache_free(&m->l1v[i]);
    for (uint32_t i = 0; m->scalar && i < m->nscalar; i++)
        cache_free(&m->scalar[i]);
    for (uint32_t i = 0; m->l2 && i < m->nxcd * m->nl2; i++)
        cache_free(&m->l2[i]);
    for (uint32_t i = 0; m->llc && i < m->ndram; i++)
        cache_free(&m->llc[i]);
    for (uint32_t i = 0; m->dram && i < m->ndram; i++)
        free(m->dram[i].open_row);
    free(m->l1v);
    free(m->vreq);
    free(m->scalar);
    free(m->l2);
    free(m->llc);
    free(m->xcd);
    free(m->dram);
    memset(m, 0, sizeof *m);
}

/* ---- the coalescer ---------------------------------------------------------------------------- */

/* The lanes of one contiguous block whose accesses follow each other without gap or overlap (a
 * wave's consecutive dwords: the scratch form's, a unit-stride load's) touch the bytes of one run:
 * its lines in order, each moving the run's bytes on it, which is what the general loop finds lane
 * by lane. Returns UINT32_MAX, having written nothing, for any other pattern. */
static uint32_t coalesce_run(const uint64_t *addr, uint64_t lanes, uint32_t bytes, uint32_t line_bytes, bool combine,
                             uint64_t *lines, uint32_t *line_bytes_used, uint64_t *distinct)
{
    int first = __builtin_ctzll(lanes);
    uint64_t blk = lanes >> first;
    if (blk & (blk + 1))
        return UINT32_MAX; /* not one block of lanes */
    int cnt = __builtin_popcountll(lanes);
    uint64_t sz = bytes ? bytes : 1, start = addr[first];
    if (addr[first + cnt - 1] != start + (uint64_t)(cnt - 1) * sz)
        return UINT32_MAX; /* the last lane says no at once for most other patterns (2D tiles) */
    uint64_t bad = 0, e = start;
    if (cnt == 64) { /* every lane: four at a time */
        for (int i = 0; i < 64; i += 4, e += 4 * sz)
            bad |= (addr[i] ^ e) | (addr[i + 1] ^ (e + sz)) | (addr[i + 2] ^ (e + 2 * sz)) | (addr[i + 3] ^ (e + 3 * sz));
    } else {
        for (int i = 0; i < cnt; i++, e += sz)
            bad |= addr[first + i] ^ e;
    }
    uint64_t last = start + (uint64_t)cnt * sz - 1;
    if (bad || last < start)
        return UINT32_MAX; /* not a run, or it wraps the address space */
    uint32_t g = line_bytes > 64 ? line_bytes / 64 : 1;
    unsigned g_shift = (unsigned)__builtin_ctz(g);
    uint64_t lmask = ~(uint64_t)(line_bytes - 1), total = 0;
    uint32_t n = 0;
    for (uint64_t line = start & lmask;; line += line_bytes) {
        uint64_t lo = line > start ? line : start, hi = line + line_bytes - 1 < last ? line + line_bytes - 1 : last;
        uint32_t u = (uint32_t)(((hi - line) >> g_shift) - ((lo - line) >> g_shift) + 1) * g;
        lines[n] = line;
        line_bytes_used[n++] = combine ? u : (uint32_t)(hi - lo + 1);
        total += u;
        if (line == (last & lmask))
            break;
    }
    *distinct = total;
    return n;
}

uint32_t mem_coalesce(const uint64_t *addr, uint64_t lanes, uint32_t bytes, uint32_t line_bytes, bool combine,
                      uint64_t *lines, uint32_t *line_bytes_used, uint64_t *distinct)
{
    if (lanes) {
        uint32_t n = coalesce_run(addr, lanes, bytes, line_bytes, combine, lines, line_bytes_used, distinct);
        if (n != UINT32_MAX)
            return n;
    }
    /* A small open-addressing table finds a line already requested; 128 lines fit in 256 slots.
     * Each line keeps a mask of the granules (line_bytes / 64 bytes, at least 1) its lanes touch:
     * the bytes it moves when writes are combined, and the distinct bytes of the instruction. */
    enum { TABLE = 256 };
    int16_t slot[TABLE];
    uint64_t mask[128];
    memset(slot, -1, sizeof slot);
    uint32_t n = 0, g = line_bytes > 64 ? line_bytes / 64 : 1;
    /* Line sizes are powers of two (cache_init checks), so are the granules: shifts, not divisions. */
    unsigned line_shift = (unsigned)__builtin_ctz(line_bytes), g_shift = (unsigned)__builtin_ctz(g);
    uint64_t lmask = ~(uint64_t)(line_bytes - 1);
    uint64_t prev_line = 0;
    uint32_t prev_k = UINT32_MAX; /* neighbouring lanes mostly share a line: no hashing for them */
    for (uint64_t lm = lanes; lm; lm &= lm - 1) {
        int l = __builtin_ctzll(lm);
        uint64_t first = addr[l], last = addr[l] + (bytes ? bytes : 1) - 1;
        /* The next active lanes that continue the access byte for byte (unit stride, the usual
         * pattern) join it: one range, whose lines, granules and byte counts are the sums the
         * lanes one by one would give, found in the same order. */
        for (uint64_t nx = lm & (lm - 1); bytes && last >= first && nx; nx &= nx - 1) {
            uint64_t a = addr[__builtin_ctzll(nx)];
            if (a != last + 1 || a == 0 || a + bytes - 1 < a)
                break;
            last = a + bytes - 1;
            lm = nx;
        }
        if ((first & lmask) == prev_line && (last & lmask) == prev_line && prev_k != UINT32_MAX) {
            /* The usual lane: wholly on the line of the lane before (what the loop below does for it). */
            uint32_t b0 = (uint32_t)((first - prev_line) >> g_shift), b1 = (uint32_t)((last - prev_line) >> g_shift);
            mask[prev_k] |= (b1 - b0 == 63 ? ~0ull : ((1ull << (b1 - b0 + 1)) - 1)) << b0;
            line_bytes_used[prev_k] += (uint32_t)(last - first + 1);
            continue;
        }
        for (uint64_t line = first & lmask; line <= (last & lmask); line += line_bytes) {
            uint64_t lo = line > first ? line : first, hi = line + line_bytes - 1 < last ? line + line_bytes - 1 : last;
            uint32_t k;
            if (prev_k != UINT32_MAX && line == prev_line) {
                k = prev_k;
            } else {
                uint32_t h = (uint32_t)((line >> line_shift) * 0x9e3779b1u) % TABLE;
                while (slot[h] >= 0 && lines[slot[h]] != line)
                    h = (h + 1) % TABLE;
                if (slot[h] < 0) {
                    slot[h] = (int16_t)n;
                    lines[n] = line;
                    line_bytes_used[n] = 0;
                    mask[n] = 0;
                    n++;
                }
                k = (uint32_t)slot[h];
                prev_line = line;
                prev_k = k;
            }
            uint32_t b0 = (uint32_t)((lo - line) >> g_shift), b1 = (uint32_t)((hi - line) >> g_shift);
            mask[k] |= (b1 - b0 == 63 ? ~0ull : ((1ull << (b1 - b0 + 1)) - 1)) << b0;
            line_bytes_used[k] += (uint32_t)(hi - lo + 1);
            if (line + line_bytes < line)
                break; /* the top of the address space */
        }
    }
    uint64_t total = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t u = (uint32_t)__builtin_popcountll(mask[k]) * g;
        total += u;
        if (combine)
            line_bytes_used[k] = u;
    }
    *distinct = total;
    return n;
}

/* ---- vector and scalar instructions ----------------------------------------------------------- */

/* Ideal memory: the request leaves the address unit at `req`, queues for the GPU-wide bandwidth
 * in request order, and completes mem.latency cycles after its last byte. */
static uint64_t ideal_memory(mem_t *m, uint64_t req, uint64_t bytes)
{
    uint64_t bpc = (uint64_t)m->cfg->mem_bytes_per_cycle;
    uint64_t start = req * bpc > m->ideal_bytes ? req * bpc : m->ideal_bytes;
    m->ideal_bytes = start + bytes;
    return (m->ideal_bytes + bpc - 1) / bpc + (uint64_t)m->cfg->mem_latency;
}

/* Whether the active lanes mq of the quarter-wave starting at lane q access one block in lane
 * order: lane l at the first active lane's address + s x the distance, with a stride s of 0 (one
 * address), `bytes` (consecutive elements) or in between (overlapping, as a sliding window's). */
static bool quarter_together(const uint64_t *addr, uint64_t mq, unsigned q, uint32_t bytes)
{
    unsigned f = q + (unsigned)__builtin_ctzll(mq);
    uint64_t a0 = addr[f];
    uint64_t rest = mq & (mq - 1);
    if (!rest)
        return true;
    unsigned l2 = q + (unsigned)__builtin_ctzll(rest);
    uint64_t d = addr[l2] - a0, dist = l2 - f;
    if (addr[l2] < a0 || d % dist != 0 || d / dist > bytes)
        return false;
    uint64_t s = d / dist;
    if (mq == 0xffff) {
        /* A full quarter (the usual case): one pass without branches, which the compiler vectorises. */
        const uint64_t *p = addr + q;
        uint64_t bad = 0;
        for (unsigned j = 2; j < 16; j++)
            bad |= (p[j] - p[j - 1]) ^ s;
        return bad == 0;
    }
    for (rest &= rest - 1; rest; rest &= rest - 1) {
        unsigned l = q + (unsigned)__builtin_ctzll(rest);
        if (addr[l] != a0 + s * (l - f))
            return false;
    }
    return true;
}

/* The slots a lane takes on the per-lane path: one per power-of-two piece of its access (a 12-byte
 * lane is an 8-byte and a 4-byte piece) and at least one per line it touches (the data return reads
 * one L1 line a slot). */
static uint64_t lane_slots(uint64_t addr, uint32_t bytes, uint32_t pieces, uint64_t line)
{
    uint64_t lines = (addr & (line - 1)) + bytes > line ? 2 : 1;
    return lines > pieces ? lines : pieces;
}

uint64_t mem_address_cycles(const cfg_t *cfg, uint32_t bytes, uint32_t elem, const uint64_t *addr, uint64_t lanes)
{
    uint64_t total = (uint64_t)__builtin_popcountll(lanes) * bytes, rate = (uint64_t)cfg->vmem_address_bytes_per_cycle;
    uint64_t data = total ? (total + rate - 1) / rate : 1;
    if (cfg->vmem_address_model != CFG_ADDR_LANES)
        return data;
    /* Lane by lane, a quarter-wave at a time (the GCN3 figures of sebbbi/perftest, config.def): a
     * quarter of consecutive, overlapping or uniform accesses goes at the coalesced rate when they
     * are a dword or less, else a lane a slot at the per-lane rate; a scattered quarter's lanes take
     * lane_slots each at the per-lane rate (12-byte lanes two, lanes across a line two). Lanes are
     * consecutive, and cross lines, by the element in memory (`elem`: a typed R8 load's lanes are a
     * byte apart, as perftest's Buffer<R8> linear load at 4.0 clocks a wave-load shows); the
     * coalesced rate is for single-register lanes (`bytes`, GPUOpen: "32-bit (or smaller)
     * single-channel buffer loads / wave = 4 clocks", multi-channel ones 16). */
    uint64_t slow = (uint64_t)cfg->vmem_address_lanes_per_cycle, fast = (uint64_t)cfg->vmem_coalesced_lanes_per_cycle;
    uint32_t pieces = elem > 4 ? (uint32_t)__builtin_popcount(elem / 4) : 1;
    uint64_t line = (uint64_t)cfg->l1v_line, t = 0;
    for (unsigned q = 0; q < 64; q += 16) {
        uint64_t mq = lanes >> q & 0xffff;
        if (!mq)
            continue;
        uint64_t n = mq == 0xffff ? 16 : (uint64_t)__builtin_popcountll(mq);
        if (quarter_together(addr, mq, q, elem)) {
            uint64_t r = bytes <= 4 ? fast : slow;
            t += (n + r - 1) / r;
            continue;
        }
        uint64_t slots = 0;
        for (uint64_t m = mq; m; m &= m - 1)
            slots += lane_slots(addr[q + (unsigned)__builtin_ctzll(m)], elem, pieces, line);
        t += (slots + slow - 1) / slow;
    }
    return t > data ? t : data;
}

/* Hand the vector L1 the lines of the CU's current instruction, line j arriving at c + j*ta/n, in
 * order, each at the cycle the L1 starts on it (its port free and, for a miss, an MSHR). A line
 * that would start after `now` is not handed over yet: the shared L2 and DRAM must see requests in
 * time order, so the instruction stops and resumes at *at. Returns true when all lines are in. */
static bool vector_send(mem_t *m, mem_vreq_t *v, uint64_t now, uint64_t *at)
{
    mem_access_t *a = &v->acc;
    cache_t *l1 = &m->l1v[v->cu];
    for (; v->next < v->n; v->next++) {
        uint32_t j = v->next;
        uint64_t t = a->issue + (uint64_t)j * v->ta / v->n;
        if (t < v->prev)
            t = v->prev;
        uint64_t mshr_wait;
        uint64_t start = cache_start_at(l1, v->lines[j], a->op, t, &mshr_wait);
        if (start > now) {
            a->stall += mshr_wait;
            *at = start;
            v->prev = start;
            return false;
        }
        m->cur = a;
        cache_result_t r;
        /* A read brings back its line's bytes (with vmem.address_model = lanes only the bytes its
         * lanes use: the L1's byte-clocked port); a write or atomic carries the bytes the lanes
         * write to that line (write-combined). */
        uint32_t moved = a->op == CACHE_READ && !l1->p.byte_port ? m->line_bytes : v->used[j];
        cache_access(l1, v->lines[j], a->op, moved, t, &r);
        m->cur = NULL;
        a->count[MEM_L1V][r.outcome]++;
        a->mshr_cycles[MEM_L1V] += r.mshr_cycles;
        a->level_bytes[MEM_L1V] += v->used[j];
        v->prev = r.accepted;
        /* A line whose page is not translated yet is answered that much later. The translation
         * does not hold the address unit (misses under misses, as MGPUSim's address translator);
         * the caches see the request at its usual cycle, as they would on an idle machine. */
        if (m->xlate && v->xready[j] > t)
            r.ready += v->xready[j] - t;
        if (r.ready > a->done)
            a->done = r.ready;
    }
    uint64_t free_at = a->issue + v->ta;
    if (v->n && v->prev + 1 > free_at)
        free_at = v->prev + 1;
    *at = free_at;
    return true;
}

/* tlb.model = on: translate each distinct page of the instruction's lines (in the order of their
 * first line), all looked up at its issue cycle, and note when each line's page is ready (its
 * answer comes no earlier than that plus its trip through the caches: vector_send). A line
 * lies in one page (tlb.page_bytes >= l1v.line); neighbouring lines mostly share one. */
static void translate_lines(mem_t *m, mem_vreq_t *v, uint64_t c)
{
    mem_access_t *a = &v->acc;
    uint64_t pages[128], ready[128];
    uint32_t np = 0, last = 0;
    unsigned shift = m->tlb.page_shift;
    for (uint32_t j = 0; j < v->n; j++) {
        uint64_t p = v->lines[j] >> shift;
        if (np == 0 || pages[last] != p) {
            for (last = 0; last < np && pages[last] != p; last++)
                ;
            if (last == np) {
                pages[np] = p;
                ready[np++] = tlb_translate(&m->tlb, v->cu, p, c, &a->tlb);
                if (ready[last] - c > a->tlb_wait)
                    a->tlb_wait = ready[last] - c;
            }
        }
        v->xready[j] = ready[last];
    }
}

bool mem_vector(mem_t *m, uint32_t cu, const isa_op_info_t *info, const isa_exec_result_t *res, uint64_t c,
                const mem_access_t **out, uint64_t *at)
{
    mem_vreq_t *v = &m->vreq[cu];
    mem_access_t *a = &v->acc;
    memset(a, 0, sizeof *a);
    *out = a;
    a->op = (info->flags & ISA_FL_ATOMIC) ? CACHE_ATOMIC : (info->flags & ISA_FL_STORE) ? CACHE_WRITE : CACHE_READ;
    a->bytes = (uint64_t)__builtin_popcountll(res->lanes) * info->mem_bytes;
    a->issue = c;
    uint64_t ta = mem_address_cycles(m->cfg, info->mem_bytes, res->elem_bytes ? res->elem_bytes : info->mem_bytes,
                                     res->addr, res->lanes);
    uint64_t lb = m->line_bytes;
    a->ideal_lines = (uint32_t)((a->bytes + lb - 1) / lb);
    if (m->ideal) {
        a->done = ideal_memory(m, c + ta, a->bytes);
        a->lines = a->ideal_lines;
        a->dram_bytes = a->bytes;
        a->dram_busy_until = (m->ideal_bytes + (uint64_t)m->cfg->mem_bytes_per_cycle - 1) /
                             (uint64_t)m->cfg->mem_bytes_per_cycle;
        *at = c + ta;
        return true;
    }
    v->cu = cu;
    v->ta = ta;
    a->xcd = mem_xcd_of(m, cu);
    /* Stores are write-combined (each byte once); atomics are one operation per lane. */
    uint64_t distinct;
    v->n = mem_coalesce(res->addr, res->lanes, info->mem_bytes, m->line_bytes, a->op != CACHE_ATOMIC, v->lines,
                        v->used, &distinct);
    a->ideal_lines = (uint32_t)((distinct + lb - 1) / lb);
    if (m->xlate)
        translate_lines(m, v, c);
    v->next = 0;
    v->prev = c;
    a->lines = v->n;
    a->done = c + ta;
    return vector_send(m, v, c, at);
}

bool mem_vector_resume(mem_t *m, uint32_t cu, uint64_t now, const mem_access_t **out, uint64_t *at)
{
    mem_vreq_t *v = &m->vreq[cu];
    *out = &v->acc;
    return vector_send(m, v, now, at);
}

/* The scalar cache of CU `cu`: each XCD's CUs share theirs in groups of scalar.cus_per_cache (one
 * XCD: CU / scalar.cus_per_cache). */
static uint32_t scalar_of(const mem_t *m, uint32_t cu)
{
    uint32_t x = mem_xcd_of(m, cu);
    return x * m->scalar_per_xcd + (cu - x * m->cus_per_xcd) / (uint32_t)m->cfg->scalar_cus_per_cache;
}

uint64_t mem_scalar_free_at(const mem_t *m, uint32_t cu, uint64_t c)
{
    if (m->ideal)
        return c;
    uint64_t t = cache_mshr_free_at(&m->scalar[scalar_of(m, cu)]);
    return t > c ? t : c;
}

static void scalar_access(mem_t *m, uint32_t cu, uint64_t addr, uint32_t bytes, uint64_t c, cache_op_t op,
                          mem_access_t *a)
{
    memset(a, 0, sizeof *a);
    a->scalar = true;
    a->op = op;
    a->bytes = bytes;
    a->issue = c;
    a->ideal_lines = 1;
    if (m->ideal) {
        a->lines = 1;
        a->done = c + (uint64_t)m->cfg->scalar_latency;
        return;
    }
    uint32_t lb = (uint32_t)m->cfg->scalar_line;
    cache_t *sc = &m->scalar[scalar_of(m, cu)];
    a->xcd = mem_xcd_of(m, cu);
    m->cur = a;
    a->done = c;
    uint64_t end = addr + bytes;
    for (uint64_t line = addr & ~(uint64_t)(lb - 1); line < end; line += lb) {
        uint64_t lo = line > addr ? line : addr, hi = line + lb < end ? line + lb : end;
        cache_result_t r;
        cache_access(sc, line, op, (uint32_t)(hi - lo), c, &r);
        a->lines++;
        a->count[MEM_SCALAR][r.outcome]++;
        a->mshr_cycles[MEM_SCALAR] += r.mshr_cycles;
        a->level_bytes[MEM_SCALAR] += hi - lo;
        if (r.ready > a->done)
            a->done = r.ready;
    }
    m->cur = NULL;
}

void mem_scalar(mem_t *m, uint32_t cu, uint64_t addr, uint32_t bytes, uint64_t c, mem_access_t *a)
{
    scalar_access(m, cu, addr, bytes, c, CACHE_READ, a);
}

void mem_scalar_store(mem_t *m, uint32_t cu, uint64_t addr, uint32_t bytes, uint64_t c, mem_access_t *a)
{
    scalar_access(m, cu, addr, bytes, c, CACHE_WRITE, a);
}

uint64_t mem_scalar_flush(mem_t *m, uint32_t cu, uint64_t c, bool invalidate)
{
    if (m->ideal)
        return c;
    mem_access_t scratch; /* the write-backs' L2 counts are not reported (no TEV_MEM for a flush) */
    memset(&scratch, 0, sizeof scratch);
    m->cur = &scratch;
    uint64_t t = cache_flush(&m->scalar[scalar_of(m, cu)], c, invalidate);
    m->cur = NULL;
    return t;
}

uint64_t mem_l2_writeback(mem_t *m, uint64_t c)
{
    mem_access_t scratch; /* no TEV_MEM for the write-backs: the dram figures count them through it */
    memset(&scratch, 0, sizeof scratch);
    uint64_t done = c;
    m->cur = &scratch;
    for (uint32_t i = 0; !m->ideal && i < m->nxcd * m->nl2; i++) {
        uint64_t t = cache_flush(&m->l2[i], c, false);
        if (t > done)
            done = t;
    }
    m->cur = NULL;
    return done;
}

uint64_t mem_l2_dirty_lines(const mem_t *m)
{
    uint64_t n = 0;
    for (uint32_t i = 0; !m->ideal && i < m->nxcd * m->nl2; i++)
        n += cache_dirty_lines(&m->l2[i]);
    return n;
}
