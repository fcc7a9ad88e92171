package policy

// TKE is Tencent TKE's admission policies (tke.go), for its provider value.
func TKE() Set { return tkeSet() }

// ACK is Alibaba ACK's admission policies (ack.go), for its provider value.
func ACK() Set { return ackSet() }
