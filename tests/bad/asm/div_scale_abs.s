v_div_scale_f64 v[0:1], vcc, -|v[2:3]|, v[4:5], v[2:3]
