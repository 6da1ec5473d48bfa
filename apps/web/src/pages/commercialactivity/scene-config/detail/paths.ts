/** The scene detail page (`detail/:uid?/:copy?`): no uid a new scene, a uid that scene, `copy` a new copy of it. */
export const SCENE_DETAIL = '/commercialactivity/scene-config/detail';
export const SCENE_LIST = '/commercialactivity/scene-config';
