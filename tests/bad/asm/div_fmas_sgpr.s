v_div_fmas_f64 v[0:1], s[2:3], v[4:5], v[6:7]
