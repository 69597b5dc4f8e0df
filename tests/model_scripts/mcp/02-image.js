// Issue 33, point 2: an image a mounted tool returned stays an image.
const blocks = await tools.everything["get-tiny-image"]({});
return { caption: "the tiny image", picture: blocks.find(block => block.type === "image") };
