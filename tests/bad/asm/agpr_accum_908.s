.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
k:
  v_accvgpr_mov_b32 a0, a1
  s_endpgm
.rodata
.amdhsa_kernel k
  .amdhsa_next_free_vgpr 8
  .amdhsa_next_free_sgpr 8
  .amdhsa_accum_offset 4
  .amdhsa_tg_split 1
.end_amdhsa_kernel
