s_branch 5
