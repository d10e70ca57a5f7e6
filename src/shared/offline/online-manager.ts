// TanStack Query's onlineManager assumes "online" until an online/offline
// event arrives, so an app opened without a network would start fetches
// that cannot succeed and never pause them. Set it from the browser at boot;
// its own listeners keep it in step after that.
import { onlineManager } from '@tanstack/react-query'
import { isBrowserOnline } from './use-online'

export function syncOnlineManager(): void {
  onlineManager.setOnline(isBrowserOnline())
}
