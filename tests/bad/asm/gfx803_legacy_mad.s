  v_mad_legacy_f16 v1, v2, v3, v4
