v_lshlrev_b64 v[0:1], 1, -|1|
