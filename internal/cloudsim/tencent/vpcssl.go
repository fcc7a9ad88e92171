package tencent

import "slices"

// describeSubnets answers VPC DescribeSubnets, https://www.tencentcloud.com/document/api/215/15784:
// SubnetIds takes at most 100 ids; Offset and Limit are strings (Limit at most 100). An id the
// account does not have is answered with ResourceNotFound, one of the action's documented codes.
func (s *Server) describeSubnets(region string, p params) (map[string]any, *apiError) {
	ids := p.strs("SubnetIds")
	if len(ids) > 100 {
		return nil, errorf("InvalidParameterValue.LimitExceeded", "SubnetIds takes at most 100 ids")
	}
	var all []Subnet
	if region == s.scn.Region {
		all = s.scn.Subnets
	}
	var match []Subnet
	for _, id := range ids {
		i := slices.IndexFunc(all, func(sn Subnet) bool { return sn.ID == id })
		if i < 0 {
			return nil, errorf("ResourceNotFound", "the subnet %s is not found", id)
		}
		match = append(match, all[i])
	}
	if len(ids) == 0 {
		match = all
	}
	lo, hi, e := p.page(len(match))
	if e != nil {
		return nil, e
	}
	set := make([]map[string]any, 0, hi-lo)
	for _, sn := range match[lo:hi] {
		set = append(set, map[string]any{
			"VpcId": sn.VpcID, "SubnetId": sn.ID, "SubnetName": sn.ID, "CidrBlock": sn.CIDR, "IsDefault": false,
			"Zone": sn.Zone, "AvailableIpAddressCount": sn.AvailableIPs, "CreatedTime": "2024-01-01 00:00:00",
		})
	}
	return map[string]any{"TotalCount": len(match), "SubnetSet": set}, nil
}

// describeCertificate answers SSL DescribeCertificate, https://www.tencentcloud.com/document/api/1007/36588:
// a certificate's metadata (domain, SANs, validity, status), never its body or key, as the
// reference's output parameters list. An unknown id is FailedOperation.CertificateNotFound.
// Certificates are account-wide: the region is not checked.
func (s *Server) describeCertificate(_ string, p params) (map[string]any, *apiError) {
	id := p.str("CertificateId")
	if id == "" {
		return nil, errorf("MissingParameter", "the request is missing the required parameter CertificateId")
	}
	i := slices.IndexFunc(s.scn.Certificates, func(c Certificate) bool { return c.ID == id })
	if i < 0 {
		return nil, errorf("FailedOperation.CertificateNotFound", "the certificate %s does not exist", id)
	}
	c := s.scn.Certificates[i]
	typ := c.Type
	if typ == "" {
		typ = "SVR"
	}
	return map[string]any{
		"OwnerUin": "100000000001", "ProjectId": "0", "From": "upload", "CertificateType": typ,
		"Domain": c.Domain, "Alias": c.Alias, "Status": c.Status, "CertBeginTime": c.BeginTime, "CertEndTime": c.EndTime,
		"CertificateId": c.ID, "SubjectAltName": nonNil(c.SANs), "InsertTime": c.BeginTime, "Deployable": true,
	}, nil
}
