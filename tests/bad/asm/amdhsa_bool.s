.amdhsa_kernel k
  .amdhsa_next_free_vgpr 8
  .amdhsa_next_free_sgpr 8
  .amdhsa_ieee_mode 2
.end_amdhsa_kernel
k: s_endpgm
