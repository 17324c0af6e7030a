// dpp_scan.s: inclusive prefix sum of u32 values within each wave, with DPP and no LDS.
//   out[i] = in[64w] + in[64w+1] + ... + in[i]   (mod 2^32), w = the wave (= workgroup) of i
//
// The pattern LLVM's atomic optimizer emits for gfx8: v = v + v[lane - k] for k = 1, 2, 4, 8
// within each row of 16 lanes (row_shr:k; a lane with no source lane keeps its value, since
// bound_ctrl is off), then the last lane of each row into the next (row_bcast:15 into rows 1
// and 3, row_mask 0xa) and lane 31 into the upper half (row_bcast:31 into rows 2 and 3).
// A DPP instruction reading a VGPR that the previous VALU instruction wrote needs two wait states
// on gfx8 (s_nop 1); gcnsim does not model that hazard, the nops are here for the hardware.
//
// Default kernel ABI: kernarg pointer in s[0:1], workgroup id x in s2, work-item id x in v0.
// Arguments: 0: in (pointer)  8: out (pointer). A workgroup of 64 work-items (one wave).

    .text
    .globl dpp_scan
    .p2align 8
    .type dpp_scan,@function
dpp_scan:
    s_load_dwordx4 s[4:7], s[0:1], 0x0     // in -> s[4:5], out -> s[6:7]
    s_lshl_b32 s8, s2, 6                   // first index of this workgroup
    v_add_u32 v1, vcc, s8, v0
    v_lshlrev_b32 v1, 2, v1                // byte offset of in[i] / out[i]
    s_waitcnt lgkmcnt(0)
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_load_dword v4, v[2:3]
    s_waitcnt vmcnt(0)
    v_add_u32_dpp v4, vcc, v4, v4 row_shr:1 row_mask:0xf bank_mask:0xf
    s_nop 1
    v_add_u32_dpp v4, vcc, v4, v4 row_shr:2 row_mask:0xf bank_mask:0xf
    s_nop 1
    v_add_u32_dpp v4, vcc, v4, v4 row_shr:4 row_mask:0xf bank_mask:0xf
    s_nop 1
    v_add_u32_dpp v4, vcc, v4, v4 row_shr:8 row_mask:0xf bank_mask:0xf
    s_nop 1
    v_add_u32_dpp v4, vcc, v4, v4 row_bcast:15 row_mask:0xa bank_mask:0xf
    s_nop 1
    v_add_u32_dpp v4, vcc, v4, v4 row_bcast:31 row_mask:0xc bank_mask:0xf
    v_mov_b32 v3, s7
    v_add_u32 v2, vcc, s6, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_store_dword v[2:3], v4
    s_endpgm
