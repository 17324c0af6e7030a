// lds_rate.s: the LDS's throughput for one DS instruction at a time (validation/rows.tsv, the CLRX
// GcnTimings rows). Each kernel runs 64 rounds of 16 copies of its
// instruction, every lane at its own consecutive element (no bank conflicts: lane l at l x the
// access size), with one s_waitcnt per round. With many waves on the CU, the LDS is the limit:
// cycles / (waves x 16 x rounds) is the cycles one wave-instruction holds the CU's LDS.

    .text
    .globl lds_read_b32
    .p2align 8
    .type lds_read_b32,@function
lds_read_b32:
    s_mov_b32 s4, 64                        // rounds (no memory access before the measured loop)
    v_lshlrev_b32 v1, 2, v0                  // lane l at l x 4 bytes
    v_mov_b32 v2, v0
    v_mov_b32 v3, 0
    s_mov_b32 m0, -1
.Llds_read_b32_loop:
    ds_read_b32 v8, v1 offset:0
    ds_read_b32 v9, v1 offset:0
    ds_read_b32 v10, v1 offset:0
    ds_read_b32 v11, v1 offset:0
    ds_read_b32 v8, v1 offset:0
    ds_read_b32 v9, v1 offset:0
    ds_read_b32 v10, v1 offset:0
    ds_read_b32 v11, v1 offset:0
    ds_read_b32 v8, v1 offset:0
    ds_read_b32 v9, v1 offset:0
    ds_read_b32 v10, v1 offset:0
    ds_read_b32 v11, v1 offset:0
    ds_read_b32 v8, v1 offset:0
    ds_read_b32 v9, v1 offset:0
    ds_read_b32 v10, v1 offset:0
    ds_read_b32 v11, v1 offset:0
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Llds_read_b32_loop
    s_endpgm

    .globl lds_read_b64
    .p2align 8
    .type lds_read_b64,@function
lds_read_b64:
    s_mov_b32 s4, 64                        // rounds (no memory access before the measured loop)
    v_lshlrev_b32 v1, 3, v0                  // lane l at l x 8 bytes
    v_mov_b32 v2, v0
    v_mov_b32 v3, 0
    s_mov_b32 m0, -1
.Llds_read_b64_loop:
    ds_read_b64 v[8:9], v1 offset:0
    ds_read_b64 v[10:11], v1 offset:0
    ds_read_b64 v[12:13], v1 offset:0
    ds_read_b64 v[14:15], v1 offset:0
    ds_read_b64 v[8:9], v1 offset:0
    ds_read_b64 v[10:11], v1 offset:0
    ds_read_b64 v[12:13], v1 offset:0
    ds_read_b64 v[14:15], v1 offset:0
    ds_read_b64 v[8:9], v1 offset:0
    ds_read_b64 v[10:11], v1 offset:0
    ds_read_b64 v[12:13], v1 offset:0
    ds_read_b64 v[14:15], v1 offset:0
    ds_read_b64 v[8:9], v1 offset:0
    ds_read_b64 v[10:11], v1 offset:0
    ds_read_b64 v[12:13], v1 offset:0
    ds_read_b64 v[14:15], v1 offset:0
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Llds_read_b64_loop
    s_endpgm

    .globl lds_read_b128
    .p2align 8
    .type lds_read_b128,@function
lds_read_b128:
    s_mov_b32 s4, 64                        // rounds (no memory access before the measured loop)
    v_lshlrev_b32 v1, 4, v0                  // lane l at l x 16 bytes
    v_mov_b32 v2, v0
    v_mov_b32 v3, 0
    s_mov_b32 m0, -1
.Llds_read_b128_loop:
    ds_read_b128 v[8:11], v1 offset:0
    ds_read_b128 v[12:15], v1 offset:0
    ds_read_b128 v[16:19], v1 offset:0
    ds_read_b128 v[20:23], v1 offset:0
    ds_read_b128 v[8:11], v1 offset:0
    ds_read_b128 v[12:15], v1 offset:0
    ds_read_b128 v[16:19], v1 offset:0
    ds_read_b128 v[20:23], v1 offset:0
    ds_read_b128 v[8:11], v1 offset:0
    ds_read_b128 v[12:15], v1 offset:0
    ds_read_b128 v[16:19], v1 offset:0
    ds_read_b128 v[20:23], v1 offset:0
    ds_read_b128 v[8:11], v1 offset:0
    ds_read_b128 v[12:15], v1 offset:0
    ds_read_b128 v[16:19], v1 offset:0
    ds_read_b128 v[20:23], v1 offset:0
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Llds_read_b128_loop
    s_endpgm

    .globl lds_write_b32
    .p2align 8
    .type lds_write_b32,@function
lds_write_b32:
    s_mov_b32 s4, 64                        // rounds (no memory access before the measured loop)
    v_lshlrev_b32 v1, 2, v0                  // lane l at l x 4 bytes
    v_mov_b32 v2, v0
    v_mov_b32 v3, 0
    s_mov_b32 m0, -1
.Llds_write_b32_loop:
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    ds_write_b32 v1, v2 offset:0
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Llds_write_b32_loop
    s_endpgm

    .globl lds_write_b64
    .p2align 8
    .type lds_write_b64,@function
lds_write_b64:
    s_mov_b32 s4, 64                        // rounds (no memory access before the measured loop)
    v_lshlrev_b32 v1, 3, v0                  // lane l at l x 8 bytes
    v_mov_b32 v2, v0
    v_mov_b32 v3, 0
    s_mov_b32 m0, -1
.Llds_write_b64_loop:
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    ds_write_b64 v1, v[2:3] offset:0
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Llds_write_b64_loop
    s_endpgm
    .globl lds_read2_b32
    .p2align 8
    .type lds_read2_b32,@function
lds_read2_b32:
    s_mov_b32 s4, 64                        // rounds (no memory access before the measured loop)
    v_lshlrev_b32 v1, 3, v0                  // lane l at l x 8 bytes
    v_mov_b32 v2, v0
    v_mov_b32 v3, 0
    s_mov_b32 m0, -1
.Llds_read2_b32_loop:
    ds_read2_b32 v[8:9], v1 offset1:1
    ds_read2_b32 v[10:11], v1 offset1:1
    ds_read2_b32 v[12:13], v1 offset1:1
    ds_read2_b32 v[14:15], v1 offset1:1
    ds_read2_b32 v[8:9], v1 offset1:1
    ds_read2_b32 v[10:11], v1 offset1:1
    ds_read2_b32 v[12:13], v1 offset1:1
    ds_read2_b32 v[14:15], v1 offset1:1
    ds_read2_b32 v[8:9], v1 offset1:1
    ds_read2_b32 v[10:11], v1 offset1:1
    ds_read2_b32 v[12:13], v1 offset1:1
    ds_read2_b32 v[14:15], v1 offset1:1
    ds_read2_b32 v[8:9], v1 offset1:1
    ds_read2_b32 v[10:11], v1 offset1:1
    ds_read2_b32 v[12:13], v1 offset1:1
    ds_read2_b32 v[14:15], v1 offset1:1
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Llds_read2_b32_loop
    s_endpgm

    .globl lds_add_u32
    .p2align 8
    .type lds_add_u32,@function
lds_add_u32:
    s_mov_b32 s4, 64                        // rounds (no memory access before the measured loop)
    v_lshlrev_b32 v1, 2, v0                  // lane l at l x 4 bytes
    v_mov_b32 v2, v0
    v_mov_b32 v3, 0
    s_mov_b32 m0, -1
.Llds_add_u32_loop:
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    ds_add_u32 v1, v2
    s_waitcnt lgkmcnt(0)
    s_sub_u32 s4, s4, 1
    s_cmp_lg_u32 s4, 0
    s_cbranch_scc1 .Llds_add_u32_loop
    s_endpgm
