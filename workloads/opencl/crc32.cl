// crc32: the CRC-32 (IEEE 802.3, reflected, as zlib's crc32) of each work-item's 16-byte message,
// four bits at a time through a 16-entry lookup table in __constant memory. clang places the table
// in .rodata and reaches it with s_getpc_b64 and sym@rel32@lo/hi relocations (docs/asm.md). (The
// byte-at-a-time variant with 256 entries makes clang extract bytes with SDWA instructions.)

__constant uint crc_table[16] = {
    0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu,
    0x76dc4190u, 0x6b6b51f4u, 0x4db26158u, 0x5005713cu,
    0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu,
    0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu,
};

__kernel void crc32(__global const uint *msg, __global uint *crc, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint c = 0xffffffffu;
    for (int w = 0; w < 4; w++) {
        uint word = msg[4 * i + w];
        /* Not unrolled: unrolled, clang folds the constant shifts into SDWA byte selects. */
        #pragma nounroll
        for (int k = 0; k < 8; k++) {
            c = crc_table[(c ^ word) & 15u] ^ (c >> 4);
            word >>= 4;
        }
    }
    crc[i] = ~c;
}
