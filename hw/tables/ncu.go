package main

// The counters each kind of case is read from (docs/hardware.md names
// them and says why these and not others).
func metricsFor(c *Case) (requests, figure string) {
	switch c.Op {
	case "SLD":
		return "smsp__sass_inst_executed_op_shared_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
	case "SST":
		return "smsp__sass_inst_executed_op_shared_st.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
	case "GLD":
		return "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
	default:
		return "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"
	}
}
