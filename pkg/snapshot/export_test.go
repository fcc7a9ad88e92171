package snapshot

// TrimPods trims every pod of s as a live read does.
func TrimPods(s *Snapshot) int {
	pods := s.Pods.Held("")
	for _, p := range pods {
		trim(p)
	}
	return len(pods)
}
