// first.s: the tutorial's first kernel (docs/tutorial.md).
// out[i] = in[i] + k for every work-item i, with u32 elements.
//
// Arguments (gcnsim's default kernel ABI: no .amdhsa_kernel block, so the kernarg pointer
// arrives in s[0:1], the workgroup id x in s2 and the work-item id x in v0):
//   offset 0: in  (8-byte pointer)
//   offset 8: out (8-byte pointer)
//   offset 16: k  (u32)
// The kernel assumes a workgroup of 64 work-items (one wave), as first.ini asks.

    .text
    .globl first
    .p2align 8
    .type first,@function
first:
    // Scalar loads of the three arguments: in -> s[4:5], out -> s[6:7], k -> s8.
    s_load_dwordx4 s[4:7], s[0:1], 0x0
    s_load_dword s8, s[0:1], 0x10
    // Global id i = workgroup id * 64 + local id.
    s_lshl_b32 s9, s2, 6
    v_add_u32 v1, vcc, s9, v0
    // Byte offset of element i.
    v_lshlrev_b32 v1, 2, v1
    // Wait for the scalar loads before using s[4:8].
    s_waitcnt lgkmcnt(0)
    // 64-bit address in + 4*i in v[2:3]: add the low halves, carry into the high half.
    v_mov_b32 v3, s5
    v_add_u32 v2, vcc, s4, v1
    v_addc_u32 v3, vcc, 0, v3, vcc
    flat_load_dword v4, v[2:3]
    // Meanwhile, form the address out + 4*i in v[5:6].
    v_mov_b32 v6, s7
    v_add_u32 v5, vcc, s6, v1
    v_addc_u32 v6, vcc, 0, v6, vcc
    // Wait for the load, add k, store.
    s_waitcnt vmcnt(0)
    v_add_u32 v4, vcc, s8, v4
    flat_store_dword v[5:6], v4
    s_endpgm
