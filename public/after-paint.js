// Plain JavaScript in public/: it runs before the app's scripts are even asked for.
/**
 * Loaded by a page whose HTML paints its own content (a ride's page, with the ride's name in its
 * boot shell): the server moved the app's entry script and module preloads into a <template>
 * (src/server/platform/page-preloads.ts, scriptsAfterFirstPaint); they are added to the page once
 * its first contentful paint is on screen (the browser's paint timing says when), so they do not
 * share a slow connection with what that paint needs. A browser without paint timing adds them
 * after the next frame; a tab in the background paints nothing, so there they are added at once.
 */
const deferred = document.getElementById('rc-after-paint');
if (deferred instanceof HTMLTemplateElement) {
  let added = false;
  const addScripts = () => {
    if (added) return;
    added = true;
    // Scripts from a template's content run once added (they were never started there).
    document.head.append(document.importNode(deferred.content, true));
  };
  if (document.visibilityState === 'hidden') addScripts();
  else {
    document.addEventListener('visibilitychange', addScripts, { once: true });
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
        observer.disconnect();
        addScripts();
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(addScripts, 0));
    }
  }
}
