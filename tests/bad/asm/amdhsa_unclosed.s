k: s_endpgm
.amdhsa_kernel k
  .amdhsa_next_free_vgpr 8
