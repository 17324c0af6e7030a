.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
.text
k:
  v_mov_b32 v9, 0
  s_endpgm
k2:
  s_endpgm
k3:
  s_endpgm
k4:
  s_endpgm
.rodata
.amdhsa_kernel k
  .amdhsa_next_free_vgpr 12
  .amdhsa_next_free_sgpr 8
  .amdhsa_accum_offset 8
.end_amdhsa_kernel
.amdhsa_kernel k2
  .amdhsa_next_free_vgpr 12
  .amdhsa_next_free_sgpr 8
.end_amdhsa_kernel
.amdhsa_kernel k3
  .amdhsa_next_free_vgpr 12
  .amdhsa_next_free_sgpr 8
  .amdhsa_accum_offset 6
.end_amdhsa_kernel
.amdhsa_kernel k4
  .amdhsa_next_free_vgpr 10
  .amdhsa_next_free_sgpr 8
  .amdhsa_accum_offset 16
.end_amdhsa_kernel
