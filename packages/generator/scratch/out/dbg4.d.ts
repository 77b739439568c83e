
export {  }
