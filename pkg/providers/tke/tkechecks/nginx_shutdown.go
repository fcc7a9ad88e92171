package tkechecks

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// checkNginxGracefulShutdown finds a direct-access Service in front of NGINX Ingress controller pods
// that are not set up to leave the CLB gracefully: the Service lacks enable-grace-shutdown, or a
// controller pod's preStop hook does not sleep before /wait-shutdown, or its grace period ends
// before that sleep does. Without direct access the CLB's real servers are nodes, which a smaller
// controller does not unbind, so nothing is reported.
func checkNginxGracefulShutdown(c *checks.Context) error {
	svc := c.Service
	if on, err := checks.ParseBool(svc.Annotations[tkeann.SvcDirectAccess]); err != nil || !on {
		return nil
	}
	pods, err := c.Snap.BackendPods(svc)
	if err != nil {
		return err
	}
	var problems []words.Words
	var paths []string
	if v, ok := svc.Annotations[tkeann.SvcGraceShutdown]; !ok {
		problems = append(problems, words.Say("%s is not set", "未设置 %s", tkeann.SvcGraceShutdown))
		paths = append(paths, checks.AnnPath(tkeann.SvcGraceShutdown))
	} else if on, err := checks.ParseBool(v); err != nil || !on {
		problems = append(problems, words.Say("%s is %q, not \"true\"", "%s 为 %q，而不是 \"true\"", tkeann.SvcGraceShutdown, checks.Clip(v)))
		paths = append(paths, checks.AnnPath(tkeann.SvcGraceShutdown))
	}
	controllers := 0
	for _, p := range pods {
		i := nginxContainer(p.Spec)
		if i < 0 {
			continue
		}
		controllers++
		if why := nginxStopProblem(p, i); !why.IsZero() && len(problems) < 3 {
			problems = append(problems, words.Say("pod %s: %s", "Pod %s：%s", p.Name, why))
			paths = append(paths, checks.ObjPath(p.Namespace, "pod", p.Name, fmt.Sprintf("spec.containers[%d].lifecycle.preStop", i)))
		}
	}
	if controllers == 0 || len(problems) == 0 {
		return nil
	}
	c.Say(tkerules.ServiceNginxGracefulShutdown, paths[0], words.Say(
		"direct access binds %d NGINX Ingress controller pod(s) to the CLB, but they do not leave it gracefully: %s",
		"直连模式把 %d 个 NGINX Ingress 控制器 Pod 绑定到 CLB，但它们不会从 CLB 优雅下线：%s",
		controllers, checks.JoinWords(problems)))
	return nil
}

// nginxContainer is the index of the NGINX Ingress controller container of spec, or -1.
func nginxContainer(spec snapshot.PodSpec) int {
	return slices.IndexFunc(spec.Containers, func(c snapshot.Container) bool { return isNginxImage(c.Image) })
}

// isNginxImage reports whether a container image is an NGINX Ingress controller's.
func isNginxImage(image string) bool {
	return strings.Contains(image, "ingress-nginx/controller") || strings.Contains(image, "nginx-ingress-controller")
}

// nginxStopProblem says why container i of controller pod p stops abruptly (zero when it does not):
// no preStop sleep before /wait-shutdown, or a grace period that ends before the sleep does.
func nginxStopProblem(p *snapshot.Pod, i int) words.Words {
	lc := p.Spec.Containers[i].Lifecycle
	secs := -1
	switch {
	case lc == nil || lc.PreStop == nil:
		return words.Say("no preStop hook", "没有 preStop 钩子")
	case lc.PreStop.Sleep != nil:
		secs = int(lc.PreStop.Sleep.Seconds)
	case lc.PreStop.Exec != nil:
		cmd := strings.Join(lc.PreStop.Exec.Command, " ")
		m := checks.SleepRE.FindStringSubmatchIndex(cmd)
		if w := strings.Index(cmd, "wait-shutdown"); m != nil && (w < 0 || m[0] < w) {
			secs, _ = strconv.Atoi(cmd[m[2]:m[3]])
		}
	}
	if secs <= 0 {
		return words.Say("the preStop hook does not sleep before /wait-shutdown", "preStop 钩子在调用 /wait-shutdown 之前没有 sleep")
	}
	grace := int64(30)
	if p.Spec.TerminationGracePeriodSeconds != nil {
		grace = *p.Spec.TerminationGracePeriodSeconds
	}
	if grace <= int64(secs) {
		return words.Say("terminationGracePeriodSeconds %d ends before the preStop sleep of %ds",
			"terminationGracePeriodSeconds %d 在 preStop 的 %d 秒 sleep 结束之前就到期了", grace, secs)
	}
	return words.Words{}
}
