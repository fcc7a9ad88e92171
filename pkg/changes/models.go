package changes

// TKE is Tencent TKE's change model: its Service and Ingress controllers.
var TKE = Model{Service: tkeService, Ingress: tkeIngress}

// ACK is Alibaba ACK's change model: its cloud controller manager's Services.
var ACK = Model{Service: ackService}
