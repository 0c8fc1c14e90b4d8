// Theme settings of the web app (read at start; production has no settings drawer).
// primaryColor: '#RRGGBB'; navTheme: 'dark' | 'light'; layout: 'sidemenu' | 'topmenu';
// contentWidth: 'Fixed' | 'Fluid' (topmenu only); fixedHeader, autoHideHeader (needs fixedHeader),
// fixSiderbar (sidemenu only), colorWeak, multipage: true | false.
window._THEME_SETTINGS = {
  primaryColor: '#52C41A',
  navTheme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
};
