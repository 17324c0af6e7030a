s_set_gpr_idx_on s0, gpr_idx(SRC0,SRC0)
s_set_gpr_idx_on s0, 16
s_set_gpr_idx_on s0, s1
s_set_gpr_idx_mode gpr_idx(X)
s_set_gpr_idx_on s0, gpr_idx(src0)
