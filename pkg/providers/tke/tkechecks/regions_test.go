package tkechecks

import (
	"testing"

	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/regions"
)

// TestEveryRegionID: every region of the Tencent Cloud SDK is a valid cross-region-id (no false
// E4075), is not taken for a zone, and its first zone is taken for one.
func TestEveryRegionID(t *testing.T) {
	for _, r := range []string{
		regions.Bangkok, regions.Beijing, regions.Chengdu, regions.Chongqing, regions.Guangzhou,
		regions.GuangzhouOpen, regions.HongKong, regions.Jakarta, regions.Mumbai, regions.Seoul,
		regions.Shanghai, regions.Nanjing, regions.ShanghaiFSI, regions.ShenzhenFSI, regions.Singapore,
		regions.Tokyo, regions.Frankfurt, regions.Moscow, regions.Ashburn, regions.SiliconValley,
		regions.Toronto, regions.SaoPaulo, "ap-taipei", "ap-beijing-fsi",
	} {
		t.Run(r, func(t *testing.T) {
			if err := regionID.Validate(r); err != nil {
				t.Errorf("region %s rejected: %v", r, err)
			}
			if zoneRE.MatchString(r) {
				t.Errorf("region %s taken for a zone", r)
			}
			if !zoneRE.MatchString(r + "-1") {
				t.Errorf("zone %s-1 not taken for a zone", r)
			}
		})
	}
}
