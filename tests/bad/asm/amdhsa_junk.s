.amdhsa_kernel k
  s_endpgm
  .amdhsa_next_free_vgpr 8
  .amdhsa_next_free_sgpr 8
.end_amdhsa_kernel
k: s_endpgm
